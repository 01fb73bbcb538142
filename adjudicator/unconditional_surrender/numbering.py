"""Printed hex numbers of a map: a scenario names hexes as the board prints them, and gives regions by rectangle.

Game: Unconditional Surrender! (service rules; source ``002_14e02d87786a9df7.txt``,
Russian). The source does not say how the board numbers its hexes. The one hex number
it prints is the east edge of ``us.10-2.soviet-interior``: "eXX27 - eXX28", a map
letter and four digits whose last two are the same along the east edge. That fits a
map letter followed by row and column (``prefix: e``, ``scheme: rrcc``), but it does
not fix the scheme, the first column and row, or which columns are shifted. So the
numbering is an explicit option of a scenario's map (``map.numbering``), never
guessed: the common wargame convention "CCRR" (two digits of column, then two of
row, e.g. ``0812``) is its default, and every part of it can be set.

Columns are vertical (flat-topped hexes): the hexes of one column share its number,
and every other column is shifted down by half a hex. ``odd-q`` shifts the columns
with an odd printed number (01, 03, …), ``even-q`` those with an even one. Axial
coordinates ``(q, r)`` (those of :class:`~adjudicator.unconditional_surrender.hexmap.Hex`)
have their origin at the first column and row: ``q`` is the column's distance from
the first column, and ``r`` makes the six neighbours of every hex the six axial ones.

>>> numbering = HexNumbering()
>>> numbering.axial("0812"), numbering.number(7, 7)
((7, 7), '0812')
>>> [numbering.number(*neighbour) for neighbour in ((8, 6), (8, 7), (7, 8))]
['0911', '0912', '0813']
>>> HexNumbering().axial("812")
Traceback (most recent call last):
...
adjudicator.errors.ScenarioError: numbering: a printed hex number here is 2 digits of column, then 2 of row, \
as in '0812' (got '812')

A map's ``hexes`` may also hold regions, ``{rect: [from, to], ...}``: every hex of the
rectangle of columns and rows with the fields given (a rectangle one column or one row
wide is a range); a hex listed on its own takes its region's fields as defaults. A list
of hex ids that a box is entered from (``entry_hexes``) may hold ``{rect: [from, to]}``
too. :func:`expand_map` does this on the plain data, before the map is built, and says
where each expanded hex came from, so a problem is reported at the entry the scenario
wrote. The JSON Schema of a scenario (what the calculator forms are built from) says the
same: :func:`widen_hex_schema`, :func:`widen_entry_hexes_schema` and :func:`widen_map_schema`.
"""

from __future__ import annotations

import enum
import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from adjudicator.checks import collect_problems, raise_problems
from adjudicator.errors import ScenarioError
from adjudicator.limits import MAP_HEXES
from adjudicator.messages import ENGLISH, N_, AnswerLanguage, N_plural, Plural
from adjudicator.plain import InvalidScenario, from_plain

__all__ = [
    "ColumnShift",
    "ExpandedMap",
    "HexNumbering",
    "NumberingScheme",
    "expand_map",
    "hex_number_answer",
    "hex_number_json",
    "hex_number_of_text",
    "widen_entry_hexes_schema",
    "widen_hex_schema",
    "widen_map_schema",
]


class NumberingScheme(enum.Enum):
    """Which part of a printed number comes first: column then row (``ccrr``) or row then column (``rrcc``)."""

    CCRR = "ccrr"
    RRCC = "rrcc"


class ColumnShift(enum.Enum):
    """Which columns sit half a hex lower than the columns beside them."""

    ODD_Q = "odd-q"
    EVEN_Q = "even-q"


def _check_not_negative(path: str, value: int) -> None:
    if value < 0:
        raise ScenarioError(path, "must be 0 or more", value)


@dataclass(frozen=True)
class HexNumbering:
    """How the map prints its hex numbers (the source does not say; see this module's docstring)."""

    scheme: NumberingScheme = NumberingScheme.CCRR
    """The order of the two parts: column then row (ccrr) or row then column (rrcc)."""
    first_column: int = 1
    """The number of the leftmost column (axial q = 0)."""
    first_row: int = 1
    """The number of the top row of the first column (axial r = 0 there)."""
    columns: ColumnShift = ColumnShift.ODD_Q
    """Which columns are shifted half a hex down: the odd-numbered or the even-numbered ones."""
    prefix: str = ""
    """Letters printed before the digits, such as a map letter (e for e1027); empty for none."""
    digits: int = 2
    """Digits of each part: 2 for numbers such as 0812."""

    def __post_init__(self) -> None:
        raise_problems(
            collect_problems(
                self._check_digits,
                lambda: _check_not_negative("first_column", self.first_column),
                lambda: _check_not_negative("first_row", self.first_row),
                self._check_prefix,
            )
        )

    def _check_digits(self) -> None:
        if not 1 <= self.digits <= 4:
            raise ScenarioError("digits", "the digits of each part must be 1 to 4", self.digits)

    def _check_prefix(self) -> None:
        if not re.fullmatch(r"[A-Za-z]*", self.prefix):
            raise ScenarioError("prefix", "the prefix must be letters only (such as e), or empty", self.prefix)

    def _shift(self, column: int) -> int:
        """Half-rows by which ``column`` lies lower than an unshifted column, counted in whole rows (floor)."""
        odd = column & 1
        return (column - odd) // 2 if self.columns is ColumnShift.ODD_Q else (column + odd) // 2

    @property
    def example(self) -> str:
        """A well-formed number of this numbering (its column 8, row 12, as far as the digits allow)."""
        limit = 10**self.digits - 1
        return self.format(min(8, limit), min(12, limit))

    def format(self, column: int, row: int) -> str:
        """The printed number of ``column`` and ``row``."""
        first, second = (column, row) if self.scheme is NumberingScheme.CCRR else (row, column)
        return f"{self.prefix}{first:0{self.digits}d}{second:0{self.digits}d}"

    def parse(self, number: str) -> tuple[int, int]:
        """``(column, row)`` of a printed number; :class:`ScenarioError` saying how to write it otherwise."""
        shape = re.fullmatch(rf"{re.escape(self.prefix)}(\d{{{self.digits}}})(\d{{{self.digits}}})", number)
        if shape is None:
            raise ScenarioError(
                "numbering", self._shape_template, number, count=self.digits, prefix=self.prefix, example=self.example
            )
        first, second = int(shape.group(1)), int(shape.group(2))
        column, row = (first, second) if self.scheme is NumberingScheme.CCRR else (second, first)
        if column < self.first_column or row < self.first_row:
            raise ScenarioError(
                "numbering",
                "hex {hex!r} lies before the first column ({column}) or row ({row}) of the map's numbering",
                hex=number,
                column=self.first_column,
                row=self.first_row,
            )
        return column, row

    @property
    def _shape_template(self) -> Plural:
        """How a printed number is written: the prefix, then the digits of each part in the scheme's order."""
        if self.scheme is NumberingScheme.CCRR:
            if self.prefix:
                return N_plural(
                    "a printed hex number here is {prefix!r}, then {count} digit of column, then {count} of row, "
                    "as in {example!r}",
                    "a printed hex number here is {prefix!r}, then {count} digits of column, then {count} of row, "
                    "as in {example!r}",
                )
            return N_plural(
                "a printed hex number here is {count} digit of column, then {count} of row, as in {example!r}",
                "a printed hex number here is {count} digits of column, then {count} of row, as in {example!r}",
            )
        if self.prefix:
            return N_plural(
                "a printed hex number here is {prefix!r}, then {count} digit of row, then {count} of column, "
                "as in {example!r}",
                "a printed hex number here is {prefix!r}, then {count} digits of row, then {count} of column, "
                "as in {example!r}",
            )
        return N_plural(
            "a printed hex number here is {count} digit of row, then {count} of column, as in {example!r}",
            "a printed hex number here is {count} digits of row, then {count} of column, as in {example!r}",
        )

    def axial(self, number: str) -> tuple[int, int]:
        """Axial ``(q, r)`` of a printed number."""
        column, row = self.parse(number)
        q = column - self.first_column
        r = (row - self.first_row) - (self._shift(column) - self._shift(self.first_column))
        return q, r

    def offset(self, q: int, r: int) -> tuple[int, int]:
        """``(column, row)`` of axial ``(q, r)``."""
        column = q + self.first_column
        row = r + self.first_row + self._shift(column) - self._shift(self.first_column)
        return column, row

    def number(self, q: int, r: int) -> str:
        """The printed number of axial ``(q, r)``; :class:`ScenarioError` for a hex outside the numbered area."""
        column, row = self.offset(q, r)
        limit = 10**self.digits
        if not (self.first_column <= column < limit and self.first_row <= row < limit):
            raise ScenarioError(
                "numbering",
                "axial ({q}, {r}) is column {column}, row {row}: outside the numbers of the map's numbering "
                "(columns {first_column}–{last}, rows {first_row}–{last})",
                q=q,
                r=r,
                column=column,
                row=row,
                first_column=self.first_column,
                first_row=self.first_row,
                last=limit - 1,
            )
        return self.format(column, row)

    def rectangle(self, start: str, end: str) -> Iterator[tuple[str, int, int]]:
        """Every hex of the rectangle of columns and rows from ``start`` to ``end``: number and axial q, r.

        Column by column, each from its top row; the corners may be given in any order.
        """
        (c1, r1), (c2, r2) = self.parse(start), self.parse(end)
        for column in range(min(c1, c2), max(c1, c2) + 1):
            for row in range(min(r1, r2), max(r1, r2) + 1):
                number = self.format(column, row)
                q, r = self.axial(number)
                yield number, q, r


@dataclass
class ExpandedMap:
    """A map's plain data with its regions expanded, the problems found doing it, and where each hex came from."""

    data: dict[str, Any]
    problems: list[ScenarioError] = field(default_factory=list)
    origins: dict[str, str] = field(default_factory=dict)
    """Path in the expanded data (``hexes.37``) → the path the scenario wrote (``hexes.2.rect.0305``)."""

    region_hexes: int = 0
    """Hexes of the regions (``rect``) expanded so far, counted before they are made."""

    said: set[tuple[str, str]] = field(default_factory=set)
    """(region, rest of the path) already reported: a region's field fails alike for all its hexes."""

    def origin(self, path: str) -> str | None:
        """``path`` of the expanded data as the scenario wrote it (the longest known prefix replaced).

        ``None`` when the same field of the same region was reported for another of its hexes:
        one problem of a region is reported once, at its first hex.
        """
        parts = path.split(".")
        for length in range(min(len(parts), 4), 1, -1):
            written = self.origins.get(".".join(parts[:length]))
            if written is None:
                continue
            rest = ".".join(parts[length:])
            if ".rect." in written:
                region = written.rsplit(".rect.", 1)[0]
                if (region, rest) in self.said:
                    return None
                self.said.add((region, rest))
            return ".".join([written, *parts[length:]])
        return path


_RECT_HINT = N_("write rect: [from, to] with two printed hex numbers, the corners of the rectangle")


def _numbering(data: Mapping[str, Any], expanded: ExpandedMap) -> HexNumbering | None:
    """The map's numbering from its plain ``numbering`` field (``None`` when absent or with problems)."""
    plain = data.get("numbering")
    if plain is None:
        return None
    try:
        return from_plain(HexNumbering, plain, "numbering")
    except InvalidScenario:
        return None  # the map's own conversion of the field reports these problems


def _rect(item: Mapping[str, Any], path: str, numbering: HexNumbering | None, expanded: ExpandedMap) -> list[Any]:
    """The hexes of a ``{rect: [from, to]}`` item (empty after reporting its problems)."""
    corners = item.get("rect")
    if numbering is None:
        if expanded.data.get("numbering") is None:
            expanded.problems.append(
                ScenarioError(
                    f"{path}.rect",
                    "a rectangle of hexes needs printed hex numbers: give the map a numbering (how the board prints "
                    "its hex numbers)",
                )
            )
        return []
    if not (isinstance(corners, (list, tuple)) and len(corners) == 2 and all(isinstance(c, str) for c in corners)):
        expanded.problems.append(ScenarioError(f"{path}.rect", _RECT_HINT, corners))
        return []
    try:
        (c1, r1), (c2, r2) = numbering.parse(corners[0]), numbering.parse(corners[1])
        # Counted before a hex is made: a few bytes of rect may stand for a hundred million hexes.
        size = (abs(c2 - c1) + 1) * (abs(r2 - r1) + 1)
        expanded.region_hexes += size
        if expanded.region_hexes > MAP_HEXES:
            expanded.problems.append(
                ScenarioError(
                    f"{path}.rect",
                    "covers {size} hexes, which makes the map's regions more than {limit} hexes, the limit; "
                    "draw smaller rectangles",
                    list(corners),
                    size=size,
                    limit=MAP_HEXES,
                )
            )
            return []
        return list(numbering.rectangle(corners[0], corners[1]))
    except ScenarioError as error:
        expanded.problems.append(error.at(f"{path}.rect"))
        return []


def expand_map(data: Mapping[str, Any]) -> ExpandedMap:
    """A map's plain data with its printed numbers and regions turned into plain hexes (see the module docstring).

    With ``numbering``, a hex may leave out ``q`` and ``r`` (its id is its printed number) or
    its ``id`` (made from ``q`` and ``r``); a ``{rect: …}`` item of ``hexes`` adds every hex
    of the rectangle with its other fields; a hex listed on its own overrides its region's
    fields. Without ``numbering`` the data is returned as it is, less any ``rect`` item,
    which is reported.

    >>> expanded = expand_map({"numbering": {}, "hexes": [{"rect": ["0101", "0202"], "terrain": "sea"},
    ...                                                    {"id": "0102", "terrain": "clear", "port": True}]})
    >>> [(h["id"], h["q"], h["r"], h["terrain"]) for h in expanded.data["hexes"]]
    [('0101', 0, 0, 'sea'), ('0102', 0, 1, 'clear'), ('0201', 1, -1, 'sea'), ('0202', 1, 0, 'sea')]
    >>> expanded.origin("hexes.1.port"), expanded.origin("hexes.3.terrain")
    ('hexes.1.port', 'hexes.0.rect.0202.terrain')
    >>> expand_map({"hexes": [{"rect": ["0101", "0202"]}]}).problems[0].path
    'hexes.0.rect'
    """
    expanded = ExpandedMap(dict(data))
    numbering = _numbering(data, expanded)
    hexes = data.get("hexes")
    if isinstance(hexes, (list, tuple)) and any(isinstance(item, Mapping) and "rect" in item for item in hexes):
        expanded.data["hexes"] = _expand_hexes(hexes, numbering, expanded)
    elif numbering is not None and isinstance(hexes, (list, tuple)):
        kept: list[Any] = []
        for number, item in enumerate(hexes):
            completed = _complete(item, f"hexes.{number}", numbering, expanded)
            if completed is not None:
                expanded.origins[f"hexes.{len(kept)}"] = f"hexes.{number}"
                kept.append(completed)
        expanded.data["hexes"] = kept
    boxes = data.get("boxes")
    if isinstance(boxes, (list, tuple)):
        expanded.data["boxes"] = [_expand_box(box, f"boxes.{n}", numbering, expanded) for n, box in enumerate(boxes)]
    return expanded


def _complete(item: Any, path: str, numbering: HexNumbering, expanded: ExpandedMap) -> Any:
    """A hex with its id or its q and r filled in from the numbering (the item itself when it has both).

    ``None`` for a hex that has neither q and r nor a printed number as its id: its problem is
    reported here, once, and the hex is left out rather than reported again for its missing q and r.
    """
    if not isinstance(item, Mapping):
        return item
    hex_id, has_axial = item.get("id"), "q" in item and "r" in item
    if hex_id is None and has_axial and isinstance(item["q"], int) and isinstance(item["r"], int):
        try:
            return {**item, "id": numbering.number(item["q"], item["r"])}
        except ScenarioError as error:
            expanded.problems.append(error.at(path))
            return item
    if isinstance(hex_id, str) and not ("q" in item or "r" in item):
        try:
            q, r = numbering.axial(hex_id)
        except ScenarioError as error:
            expanded.problems.append(
                ScenarioError(
                    f"{path}.id",
                    "{problem}; a hex named otherwise needs q and r (a name can go in city)",
                    error.found,
                    problem=error.problem,
                )
            )
            return None
        return {**item, "q": q, "r": r}
    return item


def _expand_hexes(
    hexes: list[Any] | tuple[Any, ...], numbering: HexNumbering | None, expanded: ExpandedMap
) -> list[Any]:
    regions: dict[str, tuple[dict[str, Any], int, int, str]] = {}
    for number, item in enumerate(hexes):
        if isinstance(item, Mapping) and "rect" in item:
            fields = {key: value for key, value in item.items() if key != "rect"}
            for name in ("id", "q", "r"):
                if name in fields:
                    expanded.problems.append(
                        ScenarioError(
                            f"hexes.{number}.{name}",
                            "a rectangle gives its hexes' ids and places itself: leave out id, q and r",
                        )
                    )
                    fields.pop(name)
            for hex_id, q, r in _rect(item, f"hexes.{number}", numbering, expanded):
                # a later region overrides an earlier one for the hexes they share
                regions.pop(hex_id, None)
                regions[hex_id] = (fields, q, r, f"hexes.{number}.rect.{hex_id}")
    listed: list[tuple[Any, str]] = []
    for number, item in enumerate(hexes):
        if isinstance(item, Mapping) and "rect" in item:
            continue
        path = f"hexes.{number}"
        if numbering is not None:
            item = _complete(item, path, numbering, expanded)
            if item is None:
                continue
        hex_id = item.get("id") if isinstance(item, Mapping) else None
        if isinstance(hex_id, str) and hex_id in regions:
            defaults, _, _, _ = regions[hex_id]
            item = {**defaults, **item}
        listed.append((item, path))
    listed_ids = {item.get("id") for item, _ in listed if isinstance(item, Mapping)}
    result: list[Any] = []
    for hex_id, (fields, q, r, written) in regions.items():
        if hex_id not in listed_ids:
            expanded.origins[f"hexes.{len(result)}"] = written
            result.append({**fields, "id": hex_id, "q": q, "r": r})
    for item, written in listed:
        expanded.origins[f"hexes.{len(result)}"] = written
        result.append(item)
    return _sorted_by_number(result, numbering, expanded)


def _sorted_by_number(hexes: list[Any], numbering: HexNumbering | None, expanded: ExpandedMap) -> list[Any]:
    """The hexes in the order of their numbers (column by column), their origins renumbered with them."""
    if numbering is None:
        return hexes

    def key(position: int) -> tuple[int, int, int]:
        item = hexes[position]
        if isinstance(item, Mapping) and isinstance(item.get("q"), int) and isinstance(item.get("r"), int):
            return (0, *numbering.offset(item["q"], item["r"]))
        return (1, position, 0)

    order = sorted(range(len(hexes)), key=key)
    origins = {f"hexes.{new}": expanded.origins[f"hexes.{old}"] for new, old in enumerate(order)}
    expanded.origins.update(origins)
    return [hexes[old] for old in order]


def _expand_box(box: Any, path: str, numbering: HexNumbering | None, expanded: ExpandedMap) -> Any:
    """A box whose ``entry_hexes`` may hold ``{rect: [from, to]}`` items, expanded to the hexes' numbers."""
    if not isinstance(box, Mapping):
        return box
    entries = box.get("entry_hexes")
    if not isinstance(entries, (list, tuple)) or not any(isinstance(item, Mapping) for item in entries):
        return box
    result: list[Any] = []
    for number, item in enumerate(entries):
        written = f"{path}.entry_hexes.{number}"
        if isinstance(item, Mapping):
            unknown = [key for key in item if key != "rect"]
            if unknown:
                expanded.problems.append(
                    ScenarioError(f"{written}.{unknown[0]}", "an entry hex is a hex id or a region, rect: [from, to]")
                )
            for hex_id, _, _ in _rect(item, written, numbering, expanded):
                expanded.origins[f"{path}.entry_hexes.{len(result)}"] = f"{written}.rect.{hex_id}"
                result.append(hex_id)
        else:
            expanded.origins[f"{path}.entry_hexes.{len(result)}"] = written
            result.append(item)
    return {**box, "entry_hexes": result}


RECT_DESCRIPTION = (
    "A region instead of one hex, when the board's numbering is set: the printed numbers of two opposite "
    "corners, such as 0101, 0405; every hex of that rectangle of columns and rows gets this item's other fields, "
    "and a hex listed on its own overrides them. A region has no name or coordinates of its own."
)
"""The help of a ``rect`` field in the forms (a catalog message: it is shown in the reader's language)."""


ENTRY_RECT_DESCRIPTION = (
    "Regions too, when the board's numbering is set: two printed numbers of opposite corners, such as "
    "0601..0605, stand for every hex of that rectangle of columns and rows."
)
"""The help of an ``entry_hexes`` region (the form shows it under the field's own help)."""


def _rect_schema(description: str = RECT_DESCRIPTION) -> dict[str, Any]:
    return {
        "description": description,
        "items": {"type": "string"},
        "maxItems": 2,
        "minItems": 2,
        "title": "Rect",
        "type": "array",
    }


def _without(*names: str) -> dict[str, Any]:
    """JSON Schema: none of ``names`` is given."""
    return {"not": {"anyOf": [{"required": [name]} for name in names]}}


def widen_hex_schema(schema: dict[str, Any]) -> None:
    """The JSON Schema of one hex, widened to the items a map's ``hexes`` accept (:func:`expand_map`).

    An item is a hex with ``id``, ``q`` and ``r``; or, when the map has a ``numbering``, a hex
    given by its printed number alone (``id``) or by its place alone (``q`` and ``r``), or a
    region (``rect``) with the fields its hexes share. The map's schema
    (:func:`widen_map_schema`) keeps the first kind only for a map without numbering.

    >>> schema = {"properties": {"id": {}, "q": {}, "r": {}}, "required": ["id", "q", "r"]}
    >>> widen_hex_schema(schema)
    >>> sorted(schema["properties"]), "required" in schema, [kind["required"] for kind in schema["anyOf"]]
    (['id', 'q', 'r', 'rect'], False, [['id', 'q', 'r'], ['id'], ['q', 'r'], ['rect']])
    """
    schema["properties"]["rect"] = _rect_schema()
    schema.pop("required", None)
    schema["anyOf"] = [
        {"required": ["id", "q", "r"], **_without("rect")},
        {"required": ["id"], **_without("q", "r", "rect")},
        {"required": ["q", "r"], **_without("id", "rect")},
        {"required": ["rect"], **_without("id", "q", "r")},
    ]


def widen_entry_hexes_schema(schema: dict[str, Any]) -> None:
    """The JSON Schema of an off-map box, whose ``entry_hexes`` may hold ``{rect: [from, to]}`` items.

    >>> schema = {"properties": {"entry_hexes": {"items": {"type": "string"}, "type": "array"}}}
    >>> widen_entry_hexes_schema(schema)
    >>> [option.get("type") for option in schema["properties"]["entry_hexes"]["items"]["anyOf"]]
    ['string', 'object']
    """
    entries = schema["properties"]["entry_hexes"]
    entries["items"] = {
        "anyOf": [
            {"type": "string"},
            {
                "additionalProperties": False,
                "properties": {"rect": _rect_schema(ENTRY_RECT_DESCRIPTION)},
                "required": ["rect"],
                "type": "object",
            },
        ]
    }


def widen_map_schema(schema: dict[str, Any]) -> None:
    """The JSON Schema of a map: without a ``numbering``, every hex has ``id``, ``q`` and ``r`` and no region.

    >>> schema = {"properties": {"hexes": {}, "numbering": {}}}
    >>> widen_map_schema(schema)
    >>> schema["then"]["properties"]["hexes"]["items"]["required"]
    ['id', 'q', 'r']
    """
    schema["if"] = {"anyOf": [{"not": {"required": ["numbering"]}}, {"properties": {"numbering": {"type": "null"}}}]}
    schema["then"] = {
        "properties": {
            "hexes": {"items": {"required": ["id", "q", "r"], **_without("rect")}},
            "boxes": {"items": {"properties": {"entry_hexes": {"items": {"type": "string"}}}}},
        }
    }


def hex_number_answer(numbering: Mapping[str, Any], value: str | tuple[int, int]) -> dict[str, Any]:
    """Both ways at once, for the page and the command line: a printed number or axial ``(q, r)`` → both.

    >>> hex_number_answer({"scheme": "rrcc", "prefix": "e"}, "e1027")
    {'number': 'e1027', 'q': 26, 'r': -4}
    >>> hex_number_answer({"scheme": "rrcc", "prefix": "e"}, (26, -4))["number"]
    'e1027'
    """
    scheme = from_plain(HexNumbering, dict(numbering), "numbering")
    if isinstance(value, str):
        q, r = scheme.axial(value)
        return {"number": value, "q": q, "r": r}
    return {"number": scheme.number(*value), "q": value[0], "r": value[1]}


def hex_number_of_text(numbering: Mapping[str, Any], text: str) -> dict[str, Any]:
    """:func:`hex_number_answer` for what a reader wrote: axial ``"q,r"`` or a printed number.

    >>> hex_number_of_text({"scheme": "ccrr"}, " 7, 7"), hex_number_of_text({}, "0812 ")["q"]
    ({'number': '0812', 'q': 7, 'r': 7}, 7)
    """
    axial = text.split(",")
    if len(axial) == 2 and all(re.fullmatch(r"\s*-?\d+\s*", part) for part in axial):
        return hex_number_answer(numbering, (int(axial[0]), int(axial[1])))
    return hex_number_answer(numbering, text.strip())


def hex_number_json(numbering_json: str, value: str, language_json: str | None = None) -> str:
    """JSON in, JSON out for a calculator page (Pyodide): ``value`` is a printed number or ``"q,r"``.

    ``{"ok": true, "number", "q", "r"}``, or ``{"ok": false, "errors": [{"path", "message"}]}``, each
    message in the language of ``language_json`` (:meth:`AnswerLanguage.to_json`, as
    :func:`adjudicator.web.evaluate_json` takes it; English without it).

    >>> hex_number_json('{"scheme": "ccrr"}', "7,7")
    '{"ok": true, "number": "0812", "q": 7, "r": 7}'
    >>> json.loads(hex_number_json('{"columns": "odd"}', "0812"))["errors"][0]["path"]
    'numbering.columns'
    >>> dutch = AnswerLanguage("nl", {"must be 0 or more": "moet 0 of meer zijn", "{problem} (got {found})":
    ...     "{problem} (gegeven: {found})"}).to_json()
    >>> json.loads(hex_number_json('{"first_row": -1}', "0812", dutch))["errors"][0]["message"]
    'moet 0 of meer zijn (gegeven: -1)'
    """
    language = ENGLISH
    if language_json is not None:
        try:
            language = AnswerLanguage.from_json(language_json)
        except (ValueError, KeyError, TypeError):
            language = ENGLISH  # a catalog the page could not hand over leaves the problems in English
    try:
        numbering = json.loads(numbering_json)
        if not isinstance(numbering, dict):
            raise ScenarioError("numbering", "must be a mapping of numbering fields", numbering)
        found = hex_number_of_text(numbering, value)
    except json.JSONDecodeError as error:
        not_json = ScenarioError(
            "numbering",
            "is not valid JSON: {reason} at line {line}, column {column}",
            reason=error.msg,
            line=error.lineno,
            column=error.colno,
        )
        return _refusal([not_json], language)
    except InvalidScenario as invalid:
        return _refusal(invalid.errors, language)
    except ScenarioError as error:
        return _refusal([error], language)
    return json.dumps({"ok": True, **found})


def _refusal(problems: list[ScenarioError], language: AnswerLanguage) -> str:
    errors = [{"path": problem.path, "message": problem.detail_in(language)} for problem in problems]
    return json.dumps({"ok": False, "errors": errors}, ensure_ascii=False)
