"""Tests of the fast content reader in :mod:`rulebook.content.yamlio`: it means what the round trip means.

The loader reads with libyaml (:func:`read_yaml_text`) and keeps ruamel.yaml's
round trip for writing; these tests hold the two readers to the same data on every
real content file and on the test data, and check the cases where the fast reader
must step aside so that ruamel.yaml's message (with its line) is reported.
"""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any

import pytest
import yaml

from rulebook.cli import main
from rulebook.content.yamlio import FastReadRefused, compose_yaml_text, load_yaml_text, read_yaml_text
from tests.conftest import DATA, REPOSITORY

SAMPLE_SOURCES = DATA / "sources"

_SCALAR_TYPES = (bool, str, int, float, datetime.datetime, datetime.date, type(None))


def typed(data: Any) -> Any:
    """``data`` with every scalar paired with its base type, so ``1``, ``1.0`` and ``True`` differ."""
    if isinstance(data, dict):
        return [(typed(key), typed(value)) for key, value in data.items()]
    if isinstance(data, list):
        return [typed(value) for value in data]
    # ruamel.yaml's booleans are ScalarBoolean, an int subclass: compare them by value as bool.
    if type(data).__name__ == "ScalarBoolean":
        return ("bool", bool(data))
    for kind in _SCALAR_TYPES:
        if isinstance(data, kind):
            return (kind.__name__, data)
    return ("other", type(data).__name__, data)


def test_libyaml_is_used() -> None:
    """PyYAML was built with libyaml here; without it the fast reader would be pure Python."""
    assert yaml.__with_libyaml__


def yaml_files_to_compare() -> list[Path]:
    """Every test-data file, the list files, and every fifth content file of each folder.

    ruamel.yaml's pure-Python round trip takes about 15 ms a file, so reading all
    600 content files twice would cost the suite ten seconds; a fifth of each folder
    (entries, examples and terms of every game) keeps every kind of file covered.
    """
    content = REPOSITORY / "content"
    chosen = [content / "games.yaml", content / "sources.yaml"]
    for folder in sorted({p.parent for p in content.rglob("*.yaml")}):
        chosen += sorted(folder.glob("*.yaml"))[::5]
    chosen += [p for p in sorted(DATA.rglob("*.yaml")) if "malformed-yaml" not in p.parts]
    return chosen


def test_fast_reader_gives_the_round_trips_data() -> None:
    """Content and test-data files: same keys in the same order, same values of the same types."""
    files = yaml_files_to_compare()
    assert len(files) > 100
    differing = []
    for path in files:
        text = path.read_text(encoding="utf-8")
        if typed(read_yaml_text(text)) != typed(load_yaml_text(text)):
            differing.append(str(path.relative_to(REPOSITORY)))
    assert differing == []


@pytest.mark.parametrize(
    "text",
    [
        "a: yes\nb: no\nc: on\nd: off\ne: y\n",  # YAML 1.1 booleans are strings in 1.2
        "a: true\nb: False\nc: TRUE\n",
        "a: 012\nb: 0o17\nc: 0x1F\nd: 0b101\ne: 1_000\nf: -7\ng: +3\n",
        "a: 1.5\nb: .5\nc: 1e3\nd: -.inf\ne: 1:30\nf: 190:20:30\n",
        "a: ~\nb: null\nc:\nd: Null\ne: 'null'\n",
        "a: 2024-01-31\nb: 2001-12-14t21:59:43.10-05:00\n",
        "list:\n  - 1\n  - two\n  - [3, 4]\n",
    ],
)
def test_fast_reader_resolves_scalars_like_the_round_trip(text: str) -> None:
    """Plain scalars mean the same to both readers (YAML 1.2, not PyYAML's default 1.1)."""
    assert typed(read_yaml_text(text)) == typed(load_yaml_text(text))


@pytest.mark.parametrize(
    "text",
    [
        "id: a\ntitle: x\nid: b\n",  # PyYAML keeps the last value silently; the round trip rejects it
        "base: &b {x: 1}\nderived:\n  <<: *b\n  y: 2\n",  # merged keys are ordered differently
    ],
)
def test_fast_reader_steps_aside(text: str) -> None:
    """Where the two readers would differ, the fast one refuses so the loader asks the round trip."""
    with pytest.raises(FastReadRefused):
        read_yaml_text(text)


def test_node_tree_gives_lines() -> None:
    node = compose_yaml_text("# comment\nid: a\ntext:\n  en:\n    title: x\n")
    assert isinstance(node, yaml.MappingNode)
    assert [key.start_mark.line + 1 for key, _ in node.value] == [2, 3]


def test_duplicate_key_is_reported_with_the_round_trips_message(
    sample_content: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file only ruamel.yaml can judge still gets its message, with file and line."""
    path = sample_content / "hell-of-a-war" / "how.abwerfen.yaml"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    lines.insert(2, "kind: rule\n")  # a second `kind:` key (the file has one further down)
    assert sum(line.startswith("kind:") for line in lines) == 2
    path.write_text("".join(lines), encoding="utf-8")
    code = main(["--content", str(sample_content), "--sources", str(SAMPLE_SOURCES), "check"])
    err = capsys.readouterr().err
    problems = [line for line in err.splitlines() if line.startswith("content/")]
    assert code == 1
    assert len(problems) == 1
    assert problems[0].startswith("content/hell-of-a-war/how.abwerfen.yaml:")
    assert "malformed YAML: found duplicate key" in problems[0]
    assert "Traceback" not in err


def test_problem_in_a_list_file_has_the_line_of_its_record(
    sample_content: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """games.yaml is a list: a bad field in its second record names that record's line."""
    path = sample_content / "games.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text + "- id: second-game\n  nonsense: 1\n", encoding="utf-8")
    line_of_nonsense = len(text.splitlines()) + 2
    main(["--content", str(sample_content), "--sources", str(SAMPLE_SOURCES), "check"])
    err = capsys.readouterr().err
    assert f"content/games.yaml:{line_of_nonsense}: second-game: nonsense: unknown key 'nonsense'" in err
