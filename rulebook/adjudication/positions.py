"""Where each node of a scenario stands in its file: a problem's field path → line and column.

The adjudicator reports a problem with the dotted path of the field (``hexes.3.id``,
``attacker.units.infantry``); the person fixing the file wants the line. A
:class:`ScenarioPositions` is built from the file's node tree — a YAML composition
(:func:`from_yaml_node`, ruamel.yaml's or PyYAML's nodes alike) or a JSON text scanned
for positions (:func:`from_json_text`) — and :meth:`ScenarioPositions.locate` turns a
path into the 1-based line and column of the offending node:

- a scalar: the value itself (``infantry: three`` → the ``three``);
- a mapping or list reached through a key: that key (its items start on later lines);
- a field that is missing: the mapping that lacks it (the deepest part of the path found).

Standard library only; the YAML nodes are read by duck typing (``value``, ``start_mark``).
"""

from __future__ import annotations

import bisect
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Position", "ScenarioPositions", "from_json_text", "from_yaml_node"]


@dataclass(frozen=True)
class Position:
    """A place in a text file, both counted from 1 (as editors show them)."""

    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.line}:{self.column}"


@dataclass
class _Node:
    position: Position
    kind: str
    """``mapping``, ``list`` or ``scalar``."""
    keys: dict[str, tuple[Position, _Node]] = field(default_factory=dict)
    """A mapping's entries by the text of their key: the key's position and the value."""
    items: list[_Node] = field(default_factory=list)


class ScenarioPositions:
    """The positions of a scenario's nodes, looked up by a problem's dotted field path.

    >>> positions = from_json_text('{"attacker": {\\n  "units": {"infantry": "three"}}}')
    >>> str(positions.locate("attacker.units.infantry")), str(positions.locate("attacker.units.armor"))
    ('2:25', '2:3')
    >>> str(positions.locate("")), str(positions.locate("defender"))
    ('1:1', '1:1')
    """

    def __init__(self, root: _Node | Callable[[], _Node], prefix: str = "") -> None:
        self._root = root
        self._prefix = prefix

    def _built(self) -> _Node:
        # Built when a problem first needs a place: a large file without problems never pays for it.
        if not isinstance(self._root, _Node):
            self._root = self._root()
        return self._root

    def within(self, path: str) -> ScenarioPositions:
        """The positions of the sub-mapping at ``path`` (a worked example's ``scenario``), same file."""
        return ScenarioPositions(self._built(), _joined(self._prefix, path))

    def locate(self, path: str) -> Position:
        """The line and column of the node ``path`` names, or of the deepest part of it that exists."""
        rest = _joined(self._prefix, path)
        node, key_position = self._built(), None
        while rest:
            step = _step(node, rest)
            if step is None:
                break
            key_position, node, rest = step
        if key_position is not None and node.kind != "scalar":
            return key_position
        return node.position


def _joined(prefix: str, path: str) -> str:
    return f"{prefix}.{path}" if prefix and path else prefix or path


def _step(node: _Node, rest: str) -> tuple[Position | None, _Node, str] | None:
    """One part of ``rest`` taken from ``node``: (key position, child, what remains), or None."""
    if node.kind == "mapping":
        # A key may itself hold dots (a rule id): the longest key that starts the path wins.
        best: str | None = None
        for key in node.keys:
            if (rest == key or rest.startswith(key + ".")) and (best is None or len(key) > len(best)):
                best = key
        if best is None:
            return None
        key_position, child = node.keys[best]
        return key_position, child, rest[len(best) + 1 :]
    if node.kind == "list":
        head, _, tail = rest.partition(".")
        if head.isdigit() and int(head) < len(node.items):
            return None, node.items[int(head)], tail
    return None


def from_yaml_node(root: Any) -> ScenarioPositions:
    """Positions from a composed YAML node tree (``yaml.compose`` or ruamel.yaml's ``YAML().compose``).

    The tree of an empty document (``None``) has one place, its start.
    """
    if root is None:
        return ScenarioPositions(_Node(Position(1, 1), "scalar"))
    return ScenarioPositions(lambda: _yaml_node(root, {}))


def _mark(node: Any) -> Position:
    return Position(node.start_mark.line + 1, node.start_mark.column + 1)


def _yaml_node(node: Any, seen: dict[int, _Node]) -> _Node:
    # An alias is the same node object as its anchor: build it once (and never loop).
    if id(node) in seen:
        return seen[id(node)]
    kind = type(node).__name__  # MappingNode, SequenceNode or ScalarNode in both libraries
    if kind == "MappingNode":
        built = _Node(_mark(node), "mapping")
        seen[id(node)] = built
        for key, child in node.value:
            if type(key).__name__ == "ScalarNode":
                built.keys[str(key.value)] = (_mark(key), _yaml_node(child, seen))
        return built
    if kind == "SequenceNode":
        built = _Node(_mark(node), "list")
        seen[id(node)] = built
        built.items = [_yaml_node(child, seen) for child in node.value]
        return built
    return _Node(_mark(node), "scalar")


_WHITESPACE = re.compile(r"[ \t\n\r]*")


def from_json_text(text: str) -> ScenarioPositions:
    """Positions from JSON text that :func:`json.loads` accepts (its last duplicate key wins, as there).

    The text is scanned when a problem first needs a place.
    """
    return ScenarioPositions(lambda: _json_nodes(text))


def _json_nodes(text: str) -> _Node:
    line_starts = [0] + [match.end() for match in re.finditer("\n", text)]

    def position(offset: int) -> Position:
        line = bisect.bisect_right(line_starts, offset)
        return Position(line, offset - line_starts[line - 1] + 1)

    decoder = json.JSONDecoder(parse_int=str)  # only places are kept: no long integer is converted

    def skip(offset: int) -> int:
        match = _WHITESPACE.match(text, offset)
        return match.end() if match else offset

    def value(offset: int) -> tuple[_Node, int]:
        offset = skip(offset)
        start = position(offset)
        opening = text[offset]
        if opening == "{":
            node = _Node(start, "mapping")
            offset = skip(offset + 1)
            while text[offset] != "}":
                key_position = position(offset)
                key, offset = decoder.raw_decode(text, offset)
                offset = skip(offset) + 1  # the colon
                child, offset = value(offset)
                node.keys[str(key)] = (key_position, child)
                offset = skip(offset)
                if text[offset] == ",":
                    offset = skip(offset + 1)
            return node, offset + 1
        if opening == "[":
            node = _Node(start, "list")
            offset = skip(offset + 1)
            while text[offset] != "]":
                child, offset = value(offset)
                node.items.append(child)
                offset = skip(offset)
                if text[offset] == ",":
                    offset = skip(offset + 1)
            return node, offset + 1
        _, offset = decoder.raw_decode(text, offset)
        return _Node(start, "scalar"), offset

    return value(0)[0]
