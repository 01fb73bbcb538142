"""Reading and writing the YAML files of ``content/``: the project's YAML decisions.

Content is *read* for validation and building with PyYAML's libyaml parser
(:func:`read_yaml_text`, about twenty times faster than a pure-Python round trip),
set to resolve plain scalars the way YAML 1.2 and ruamel.yaml do (``yes`` and ``no``
stay strings, ``012`` is twelve) and to refuse duplicate keys, so it gives the
same data as the round trip. Line numbers for problem reports come from the same
parser's node tree (:func:`compose_yaml_text`), built only for a file that has a
problem. A file the fast reader refuses is read again with ruamel.yaml, whose
error message (and line) is the one reported. A text read before in the same process
(``rulebook serve`` reads all of ``content/`` for every edit) is not parsed again.

Content is *written* with ruamel.yaml in round-trip mode, so a tool that
changes one field (a translation import, a review stamp) leaves the formatting and
comments of everything else as it was. Multi-line strings are
written as literal block scalars (``|``) so Markdown bodies diff line by line.
Writes are atomic: a temporary file in the same folder, then ``os.replace``.
"""

from __future__ import annotations

import io
import os
import pickle
import re
import tempfile
from collections.abc import Hashable, Mapping
from pathlib import Path
from typing import Any

import yaml
from ruamel.yaml import YAML
from ruamel.yaml.scalarstring import LiteralScalarString

from adjudicator.limits import MAX_INTEGER_DIGITS, MAX_NESTING_DEPTH, MAX_YAML_ALIASES, LongInteger

__all__ = [
    "FastReadRefused",
    "ScenarioLoader",
    "YamlLimit",
    "compose_yaml_text",
    "dump_yaml",
    "literal_strings",
    "load_yaml_text",
    "read_yaml_text",
    "round_trip_yaml",
    "write_all_atomic",
    "write_atomic",
    "yaml_limit",
]

_FastLoaderBase: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""libyaml's parser when PyYAML was built with it (``yaml.__with_libyaml__``), else PyYAML's own."""


class FastReadRefused(Exception):
    """The fast reader cannot promise the round trip's answer for this text (say, a duplicate key)."""


class _ContentLoader(_FastLoaderBase):  # type: ignore[valid-type,misc]
    """PyYAML's safe loader with ruamel.yaml's YAML 1.2 scalar rules and its refusal of duplicate keys."""

    yaml_implicit_resolvers: dict[str | None, list[tuple[str, re.Pattern[str]]]] = {}

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Hashable, Any]:
        seen: set[tuple[str, str]] = set()
        for key_node, _ in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                # Merged keys come after the mapping's own in the round trip, first in PyYAML.
                raise FastReadRefused("merge key '<<'")
            if isinstance(key_node, yaml.ScalarNode):
                key = (key_node.tag, key_node.value)
                if key in seen:
                    # ruamel.yaml rejects duplicate keys with its own message; let it say so.
                    raise FastReadRefused(f"duplicate key {key_node.value!r}")
                seen.add(key)
        mapping: dict[Hashable, Any] = super().construct_mapping(node, deep=deep)
        return mapping

    def construct_yaml_int(self, node: yaml.ScalarNode) -> int:
        """YAML 1.2 integers as ruamel.yaml reads them: ``0b``, ``0o``, ``0x``, otherwise decimal."""
        value = str(self.construct_scalar(node)).replace("_", "")
        sign = -1 if value.startswith("-") else 1
        digits = value.lstrip("+-")
        for prefix, base in (("0b", 2), ("0o", 8), ("0x", 16)):
            if digits.startswith(prefix):
                return sign * int(digits[2:], base)
        return sign * int(digits)


_ContentLoader.add_constructor("tag:yaml.org,2002:int", _ContentLoader.construct_yaml_int)

# The YAML 1.2 implicit types of ruamel.yaml's resolver (ruamel/yaml/resolver.py), so that
# a plain scalar means the same thing to both readers.
for _tag, _pattern, _first in (
    ("tag:yaml.org,2002:bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
    (
        "tag:yaml.org,2002:float",
        r"""^(?:
         [-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+]?[0-9]+)?
        |[-+]?(?:[0-9][0-9_]*)(?:[eE][-+]?[0-9]+)
        |[-+]?\.[0-9_]+(?:[eE][-+][0-9]+)?
        |[-+]?\.(?:inf|Inf|INF)
        |\.(?:nan|NaN|NAN))$""",
        "-+0123456789.",
    ),
    (
        "tag:yaml.org,2002:int",
        r"""^(?:[-+]?0b[0-1_]+
        |[-+]?0o[0-7_]+
        |[-+]?[0-9_]+
        |[-+]?0x[0-9a-fA-F_]+)$""",
        "-+0123456789",
    ),
    ("tag:yaml.org,2002:merge", r"^(?:<<)$", "<"),
    ("tag:yaml.org,2002:null", r"^(?: ~ |null|Null|NULL | )$", "~nN"),
    (
        "tag:yaml.org,2002:timestamp",
        r"""^(?:[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]
        |[0-9][0-9][0-9][0-9] -[0-9][0-9]? -[0-9][0-9]?
        (?:[Tt]|[ \t]+)[0-9][0-9]?
        :[0-9][0-9] :[0-9][0-9] (?:\.[0-9]*)?
        (?:[ \t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?)$""",
        "0123456789",
    ),
    ("tag:yaml.org,2002:value", r"^(?:=)$", "="),
):
    # None stands for the empty scalar, which only the null rule matches.
    _starts: list[str | None] = [*_first, None] if _tag.endswith(":null") else list(_first)
    _ContentLoader.add_implicit_resolver(_tag, re.compile(_pattern, re.X), _starts)


class ScenarioLoader(_ContentLoader):
    """The content loader for scenario files: an integer past the limit is kept as a
    :class:`~adjudicator.limits.LongInteger`, which the adjudicator refuses at its field."""

    def construct_yaml_int(self, node: yaml.ScalarNode) -> Any:
        if len(str(node.value).lstrip("+-").replace("_", "")) > MAX_INTEGER_DIGITS:
            return LongInteger(str(node.value).replace("_", ""))
        return super().construct_yaml_int(node)


ScenarioLoader.add_constructor("tag:yaml.org,2002:int", ScenarioLoader.construct_yaml_int)


class YamlLimit(Exception):
    """A YAML text breaks a reading limit (:mod:`adjudicator.limits`): where, and what to do."""

    def __init__(self, line: int, column: int, message: str) -> None:
        self.line = line
        self.column = column
        self.message = message
        super().__init__(f"{line}:{column}: {message}")


_NOT_PRINTABLE = re.compile("[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
"""A character YAML does not allow in a file (its ``c-printable``): a NUL byte, a control character."""

_PLAIN_INTEGER = re.compile(r"[-+]?[0-9_]+")


def yaml_limit(text: str, integers: bool = True) -> YamlLimit | None:
    r"""The first reading limit YAML ``text`` breaks, with its line and column (``None``: none).

    Checked on the parser's events, before any node is built: libyaml composes its node tree
    by recursion in C, and a text nested a hundred thousand deep ends the process. The limits:
    characters YAML does not allow, nesting depth, aliases and (with ``integers``) the digits of
    an integer. A text the parser refuses is left to the reader, which reports the parser's
    own problem.

    >>> print(yaml_limit("a: [" * 100 + "]" * 100))
    1:129: the text nests deeper than 64 levels of lists and mappings, the limit; write it flatter
    >>> print(yaml_limit("a: 1\nb: x\x00y\n"))
    2:5: the character '\x00' is not allowed in YAML; remove it (a NUL byte or control character)
    >>> yaml_limit("a: &x [1]\nb: *x\n") is None
    True
    """
    bad = _NOT_PRINTABLE.search(text)
    if bad is not None:
        line = text.count("\n", 0, bad.start()) + 1
        column = bad.start() - (text.rfind("\n", 0, bad.start()) + 1) + 1
        return YamlLimit(
            line,
            column,
            f"the character {bad.group()!r} is not allowed in YAML; remove it (a NUL byte or control character)",
        )
    if not _may_break_a_limit(text, integers):
        return None
    depth = aliases = 0
    opening = (yaml.MappingStartEvent, yaml.SequenceStartEvent)
    closing = (yaml.MappingEndEvent, yaml.SequenceEndEvent)
    try:
        for event in yaml.parse(text, Loader=_FastLoaderBase):
            if isinstance(event, opening):
                depth += 1
                if depth > MAX_NESTING_DEPTH:
                    return _limit_at(
                        event,
                        f"the text nests deeper than {MAX_NESTING_DEPTH} levels of lists and mappings, the limit; "
                        "write it flatter",
                    )
            elif isinstance(event, closing):
                depth -= 1
            elif isinstance(event, yaml.AliasEvent):
                aliases += 1
                if aliases > MAX_YAML_ALIASES:
                    return _limit_at(
                        event,
                        f"more than {MAX_YAML_ALIASES} YAML aliases (*name), the limit; write the values out "
                        "or use fewer aliases",
                    )
            elif (
                integers
                and isinstance(event, yaml.ScalarEvent)
                and len(event.value) > MAX_INTEGER_DIGITS
                and not event.style
                and _PLAIN_INTEGER.fullmatch(event.value)
            ):
                return _limit_at(
                    event,
                    f"an integer of {len(event.value)} characters: at most {MAX_INTEGER_DIGITS} digits, the limit; "
                    "write a smaller number",
                )
    except yaml.YAMLError:
        return None
    return None


_ALIAS = re.compile(r"(?:^|[\s\[{,])\*[^\s*,\]}]", re.M)
_BLOCK_INDENT = re.compile(r"^[ ?-]*", re.M)
_LONG_DIGITS = re.compile(f"[0-9_]{{{MAX_INTEGER_DIGITS + 1}}}")


def _may_break_a_limit(text: str, integers: bool) -> bool:
    """Whether the parser's events must be read: a bound on what the text can hold says they might break a limit.

    Block nesting grows one level per column of indentation or per ``-``/``?`` that opens a line's
    compact collection, and as much again for a sequence at its key's indentation and a mapping
    after them; flow nesting one per bracket: a text whose
    count of both is within the depth limit, with no alias and no long run of digits, needs no
    events read (content files, read by the thousand, are such texts).
    """
    if "*" in text and _ALIAS.search(text):
        return True
    if integers and _LONG_DIGITS.search(text):
        return True
    flow = text.count("[") + text.count("{")
    if flow > MAX_NESTING_DEPTH:
        return True
    block = 2 * max(map(len, _BLOCK_INDENT.findall(text)), default=0) + 2
    return flow + block > MAX_NESTING_DEPTH


def _limit_at(event: yaml.Event, message: str) -> YamlLimit:
    mark = event.start_mark
    return YamlLimit(1, 1, message) if mark is None else YamlLimit(mark.line + 1, mark.column + 1, message)


def round_trip_yaml(list_file: bool = False) -> YAML:
    """A ruamel.yaml instance configured the way every content file is written.

    ``list_file`` for the files that are one top-level list (``games.yaml``, ``sources.yaml``), whose
    items start at the left margin (``- id: …``) rather than indented like the lists inside an entry.
    """
    yaml = YAML(typ="rt")
    yaml.width = 4096
    if list_file:
        yaml.indent(mapping=2, sequence=2, offset=0)
    else:
        yaml.indent(mapping=2, sequence=4, offset=2)
    yaml.preserve_quotes = True
    yaml.allow_unicode = True
    return yaml


def literal_strings(data: Any) -> Any:
    """``data`` with every multi-line string turned into a literal block scalar."""
    if isinstance(data, dict):
        return {key: literal_strings(value) for key, value in data.items()}
    if isinstance(data, list):
        return [literal_strings(value) for value in data]
    if isinstance(data, str) and "\n" in data:
        text = data if data.endswith("\n") else data + "\n"
        return LiteralScalarString(text)
    return data


def dump_yaml(data: Any) -> str:
    """Serialize plain data the way content files are written.

    >>> print(dump_yaml({"id": "how.abwerfen", "body": "Zeile 1\\nZeile 2"}), end="")
    id: how.abwerfen
    body: |
      Zeile 1
      Zeile 2
    """
    stream = io.StringIO()
    round_trip_yaml().dump(literal_strings(data), stream)
    return stream.getvalue()


def load_yaml_text(text: str) -> Any:
    """Parse YAML text in round-trip mode (keeps comments and key order, gives line numbers)."""
    return round_trip_yaml().load(text)


def read_yaml_text(text: str) -> Any:
    """Parse YAML text into plain dicts, lists and scalars with libyaml, for reading only.

    Raises :class:`yaml.YAMLError` for text that is not YAML and :class:`FastReadRefused`
    for YAML the two readers would not read alike (a duplicate key, a merge key); read such text
    with :func:`load_yaml_text` to get ruamel.yaml's answer.

    >>> read_yaml_text("on: yes\\nn: 012\\nf: 1.5\\nnothing:\\n")
    {'on': 'yes', 'n': 12, 'f': 1.5, 'nothing': None}
    """
    kept = _READ.get(text)
    if kept is not None:
        # A fresh copy each time: the caller may change what it was given.
        return pickle.loads(kept)  # noqa: S301 - bytes this process pickled itself
    data = yaml.load(text, Loader=_ContentLoader)  # noqa: S506 - a safe loader with YAML 1.2 rules
    if len(_READ) >= _READ_LIMIT:
        _READ.clear()
    _READ[text] = pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL)
    return data


_READ: dict[str, bytes] = {}
"""Each text :func:`read_yaml_text` parsed in this process and what it read, pickled: ``rulebook serve``
reads the whole of ``content/`` again for every edit, and unpickling is many times faster than parsing."""

_READ_LIMIT = 20_000


def compose_yaml_text(text: str) -> yaml.Node | None:
    """The node tree of YAML text (each node knows its line: ``node.start_mark.line``, 0-based)."""
    return yaml.compose(text, Loader=_ContentLoader)


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` so readers never see a half-written file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
            stream.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def write_all_atomic(texts: Mapping[Path, str]) -> None:
    """Replace several files at once: every new text is written to a temporary file
    first, and only when all of them are on disk are they moved into place.
    A replaced file keeps its permission bits."""
    staged: list[tuple[str, Path]] = []
    try:
        for path, text in texts.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
            staged.append((temporary, path))
            with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
                stream.write(text)
            if path.exists():
                os.chmod(temporary, path.stat().st_mode & 0o7777)
        while staged:
            temporary, path = staged[0]
            os.replace(temporary, path)
            staged.pop(0)
    finally:
        for temporary, _ in staged:
            Path(temporary).unlink(missing_ok=True)
