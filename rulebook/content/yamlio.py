"""Reading and writing the YAML files of ``content/``: the project's YAML decisions.

Content is read and written with ruamel.yaml in round-trip mode, so a tool that
changes one field (a translation import, a review stamp) leaves the formatting and
comments of everything else as it was. YAML that the site generates and nobody
reads back (scenario blocks on pages, per-language MkDocs settings) is emitted with
PyYAML's libyaml emitter instead (:func:`rulebook.site.markdown.yaml_block`), which
is many times faster and needs no round trip. Multi-line strings are
written as literal block scalars (``|``) so Markdown bodies diff line by line.
Writes are atomic: a temporary file in the same folder, then ``os.replace``.
"""

from __future__ import annotations

import io
import os
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.scalarstring import LiteralScalarString

__all__ = ["dump_yaml", "literal_strings", "load_yaml_text", "round_trip_yaml", "write_all_atomic", "write_atomic"]


def round_trip_yaml() -> YAML:
    """A ruamel.yaml instance configured the way every content file is written."""
    yaml = YAML(typ="rt")
    yaml.width = 4096
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
