"""The map editor's printed hex numbers (web/mapeditor.js) agree with the adjudicator's.

The editor names a hex it adds by the map's printed numbering (``map.numbering``), and places a
hex written without q/r by its number: its port of
:class:`adjudicator.unconditional_surrender.numbering.HexNumbering`, run by Node, must give
the same number for every hex of a generated map and read each number back to the same place.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from adjudicator.errors import ScenarioError
from adjudicator.plain import from_plain
from adjudicator.unconditional_surrender.numbering import HexNumbering
from tests.conftest import REPOSITORY

MAP_EDITOR = REPOSITORY / "web" / "mapeditor.js"

NUMBERINGS = [
    {},
    {"scheme": "rrcc", "prefix": "e"},
    {"columns": "even-q", "first_column": 0, "first_row": 3},
    {"scheme": "rrcc", "columns": "even-q", "digits": 3, "first_column": 7},
]


@pytest.mark.parametrize("plain", NUMBERINGS, ids=[json.dumps(n) for n in NUMBERINGS])
def test_the_editor_numbers_every_hex_as_the_adjudicator_does(tmp_path: Path, plain: dict[str, object]) -> None:
    """Every hex of a 30×30 block (and a few outside the numbered area): same number, and back to (q, r)."""
    node = shutil.which("node")
    assert node is not None, "Node.js is needed (it builds the site too)"
    numbering = from_plain(HexNumbering, dict(plain), "numbering")
    places = [(q, r) for q in range(-2, 28) for r in range(-16, 14)]
    script = tmp_path / "numbers.mjs"
    script.write_text(
        f"import {{ numberingOf }} from {json.dumps(MAP_EDITOR.as_uri())};\n"
        f"const numbering = numberingOf({json.dumps(plain)});\n"
        f"const places = {json.dumps(places)};\n"
        "const numbers = places.map(([q, r]) => numbering.number(q, r));\n"
        "const back = numbers.map((number) => (number === null ? null : numbering.axial(number)));\n"
        "console.log(JSON.stringify({ numbers, back }));\n",
        encoding="utf-8",
    )
    output = json.loads(subprocess.run([node, str(script)], capture_output=True, text=True, check=True).stdout)
    expected: list[str | None] = []
    for q, r in places:
        try:
            expected.append(numbering.number(q, r))
        except ScenarioError:  # outside the numbered area: the editor gives no number either
            expected.append(None)
    assert output["numbers"] == expected
    assert sum(number is not None for number in expected) > 300  # most of the block is numbered
    assert output["back"] == [None if number is None else list(place) for number, place in zip(expected, places)]
