"""Scenario problems as a player fixing the file reads them: every one at once, at its line:column.

`rulebook adjudicate` on bad YAML/JSON scenarios of several calculators (battle, stack, supply,
oww2-to-hit), the syntax errors of both formats, and a worked example's scenario inside its
content file. The files are written here, line by line, so
the expected line and column of each problem can be read off the text.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adjudicator.web import evaluate_json
from rulebook.adjudication.examples import run_example
from rulebook.adjudication.positions import from_json_text
from rulebook.cli import main
from rulebook.content.model import Corpus, Example
from rulebook.content.yamlio import read_yaml_text
from tests.conftest import REPOSITORY


def _adjudicate(calculator: str, path: Path, capsys: pytest.CaptureFixture[str]) -> list[str]:
    """The problem lines `rulebook adjudicate` prints for ``path`` (it must exit 2, the input error code)."""
    code = main(["adjudicate", calculator, "--scenario", str(path)])
    error = capsys.readouterr().err
    assert code == 2, error
    assert "Traceback" not in error
    return error.removeprefix("rulebook adjudicate: ").splitlines()


BATTLE_WITH_A_TYPE_ERROR_AND_RULE_ERRORS = """\
game: axis-and-allies-2e
kind: land
attacker:
  units:
    infantry: three
    armor: 2
defender:
  units:
    infantry: -1
round_limit: 0
"""


def test_a_type_error_does_not_hide_the_rule_errors_of_other_fields(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The misspelt count, the negative count on the other side and the round limit: all three, each at its value."""
    path = tmp_path / "battle.yaml"
    path.write_text(BATTLE_WITH_A_TYPE_ERROR_AND_RULE_ERRORS, encoding="utf-8")
    assert _adjudicate("battle", path, capsys) == [
        f"{path}:5:15: attacker.units.infantry: must be an integer (got 'three')",
        f"{path}:9:15: defender.units.infantry: must be a count of 0 or more (got -1)",
        f"{path}:10:14: round_limit: must be a round number of 1 or more (got 0)",
    ]


def test_json_scenarios_have_their_positions_too(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The same problems in a JSON file, at the JSON values' lines and columns; a missing field at its mapping."""
    path = tmp_path / "battle.json"
    path.write_text(
        '{"game": "axis-and-allies-2e",\n'
        ' "kind": "land",\n'
        ' "attacker": {"units": {"infantry": "three"}},\n'
        ' "defender": {"nation": "ussr"},\n'
        ' "round_limit": 0}\n',
        encoding="utf-8",
    )
    assert _adjudicate("battle", path, capsys) == [
        f"{path}:3:37: attacker.units.infantry: must be an integer (got 'three')",
        f"{path}:4:2: defender.units: required field is missing",
        f"{path}:5:17: round_limit: must be a round number of 1 or more (got 0)",
    ]


def test_stack_problems_at_their_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Hell of a War stack: a TW that is no number and an effect that does not exist, both reported."""
    path = tmp_path / "stack.yaml"
    path.write_text(
        """\
players:
  - name: Anna
    tw: lots
cards:
  - id: r
    name: Radarstation
    owner: Anna
    kind: base-building
    zone: base-zone
stack:
  - player: Anna
    card: r
    effect: explode
    tw_cost: 1
""",
        encoding="utf-8",
    )
    problems = _adjudicate("stack", path, capsys)
    assert problems[0] == f"{path}:3:9: players.0.tw: must be an integer (got 'lots')"
    assert problems[1].startswith(f"{path}:13:13: stack.0.effect: must be one of 'destroy', ")
    assert problems[1].endswith("(got 'explode')")
    assert len(problems) == 2


def test_supply_map_and_unit_problems_together(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Unconditional Surrender! supply: a bad hex coordinate does not hide a unit on a hex the map lacks."""
    path = tmp_path / "supply.yaml"
    path.write_text(
        """\
map:
  countries:
    - id: germany
      faction: axis
  hexes:
    - id: A1
      q: zero
      r: 0
      country: germany
      city: Berlin
units:
  - id: hq1
    hex: A9
    faction: axis
    nationality: germany
    type: hq
checks:
  - item: hq1
    purpose: deployment-site
""",
        encoding="utf-8",
    )
    assert _adjudicate("supply", path, capsys) == [
        f"{path}:7:10: map.hexes.0.q: must be an integer (got 'zero')",
        f"{path}:13:10: units.0.hex: unit 'hq1' is on an unknown hex; expected a hex or off-map box of the map "
        "(got 'A9')",
    ]


def test_to_hit_unknown_field_and_range_problem(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Operation WW2 to-hit: an unknown field of the firer (at its key) and a negative distance, both."""
    path = tmp_path / "to-hit.yaml"
    path.write_text(
        """\
firer:
  weapon: anti-tank-rifle
  figures:
    - rifleman
target:
  target_class: armoured-car
distance_cm: -15
base_target_number: 6
""",
        encoding="utf-8",
    )
    problems = _adjudicate("oww2-to-hit", path, capsys)
    assert problems[0].startswith(f"{path}:3:3: firer.figures: unknown field; expected one of: weapon, ")
    assert problems[1:] == [f"{path}:7:14: distance_cm: must be 0 or more (got -15.0)"]


def test_a_yaml_syntax_error_names_the_file_line_and_column(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The parser's own words, where it stopped and what it was reading; no "<unicode string>"."""
    path = tmp_path / "broken.yaml"
    path.write_text('game: axis-and-allies-2e\nattacker:\n  units:\n    infantry: "3\n', encoding="utf-8")
    assert _adjudicate("battle", path, capsys) == [
        f"{path}:5:1: malformed YAML: found unexpected end of stream (while scanning a quoted scalar at 4:15)"
    ]


def test_a_duplicate_key_is_said_without_the_library_hint(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """ruamel.yaml's advice on how to silence its duplicate-key check is not a thing to tell a player."""
    path = tmp_path / "twice.yaml"
    path.write_text("game: axis-and-allies-2e\nkind: land\nkind: sea\n", encoding="utf-8")
    problems = _adjudicate("battle", path, capsys)
    assert problems == [
        f'{path}:3:1: malformed YAML: found duplicate key "kind" with value "sea" (original value: "land") '
        "(while constructing a mapping at 1:1)"
    ]


def test_a_json_syntax_error_names_the_file_line_and_column(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"game": "axis-and-allies-2e",\n "kind": "land",,\n}\n', encoding="utf-8")
    assert _adjudicate("battle", path, capsys) == [
        f"{path}:2:17: malformed JSON: Expecting property name enclosed in double quotes"
    ]


def test_a_scenario_that_is_not_a_mapping(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "list.yaml"
    path.write_text("\n- infantry\n", encoding="utf-8")
    assert _adjudicate("battle", path, capsys) == [f"{path}:2:1: a scenario must be a mapping of fields (got list)"]


def test_json_positions_follow_keys_with_dots_and_list_items() -> None:
    """A key that holds dots (a rule id) is one step of the path; list items are counted from 0."""
    positions = from_json_text('{"rules": {"aa2.misc": [1,\n  {"x": true}]}}')
    assert str(positions.locate("rules.aa2.misc.1.x")) == "2:9"
    assert str(positions.locate("rules.aa2.misc.1")) == "2:3"
    assert str(positions.locate("rules.aa2.misc.7")) == "1:12"  # no such item: the list's key


def test_a_worked_example_names_its_content_file_and_lines(tmp_path: Path) -> None:
    """`rulebook examples`: a bad scenario inside a content file is reported at that file's lines."""
    original = REPOSITORY / "content/axis-and-allies-2e/examples/aa2.example.aircraft-against-lone-submarine.yaml"
    text = original.read_text(encoding="utf-8")
    text = text.replace("      fighter: 1\n", "      fighter: one\n").replace(
        "  kind: sea\n", "  kind: sea\n  round_limit: 0\n"
    )
    path = tmp_path / original.name
    path.write_text(text, encoding="utf-8")
    lines = text.splitlines()
    fighter_line = lines.index("      fighter: one") + 1
    round_line = lines.index("  round_limit: 0") + 1
    example = Example.model_validate(read_yaml_text(text))
    outcome = run_example(example, Corpus(games=[], sources=[], terms=[], entries=[], examples=[]), file=path)
    assert outcome.status == "fail"
    assert outcome.differences == [
        f"{path}:{fighter_line}:16: scenario.attacker.units.fighter: must be an integer (got 'one')",
        f"{path}:{round_line}:16: scenario.round_limit: must be a round number of 1 or more (got 0)",
    ]


def test_the_page_still_gets_every_problem_by_path() -> None:
    """The calculator page (no lines there) gets the type error and the rule errors of the other fields."""
    scenario = read_yaml_text(BATTLE_WITH_A_TYPE_ERROR_AND_RULE_ERRORS)
    answer = json.loads(evaluate_json("battle", json.dumps(scenario)))
    assert answer["ok"] is False
    assert [error["path"] for error in answer["errors"]] == [
        "attacker.units.infantry",
        "defender.units.infantry",
        "round_limit",
    ]


def test_every_rule_problem_of_a_battle_at_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Two bad counts in one side, a unit type named twice in the loss order, the round limit and the runs."""
    path = tmp_path / "battle.yaml"
    path.write_text(
        """\
game: axis-and-allies-2e
kind: land
attacker:
  units: {infantry: -1, armor: -2}
  loss_order: [infantry, infantry]
defender:
  units: {infantry: 1}
round_limit: 0
runs: 0
""",
        encoding="utf-8",
    )
    assert _adjudicate("battle", path, capsys) == [
        f"{path}:4:21: attacker.units.infantry: must be a count of 0 or more (got -1)",
        f"{path}:4:32: attacker.units.armor: must be a count of 0 or more (got -2)",
        f"{path}:5:3: attacker.loss_order: must name each unit type once (got ['infantry', 'infantry'])",
        f"{path}:8:14: round_limit: must be a round number of 1 or more (got 0)",
        f"{path}:9:7: runs: must be 1 or more (got 0)",
    ]
