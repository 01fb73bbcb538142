"""Printed hex numbers: the converter both ways, regions by rectangle, errors where written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.plain import InvalidScenario, from_plain
from adjudicator.registry import run
from adjudicator.unconditional_surrender.hexmap import AXIAL_DIRECTIONS, HexMap, axial_distance
from adjudicator.unconditional_surrender.numbering import HexNumbering, hex_number_json
from rulebook.adjudication.messages import load_language
from rulebook.cli import main
from tests.conftest import REPOSITORY

NUMBERINGS = [
    {"scheme": "ccrr", "first_column": 1, "first_row": 1, "columns": "odd-q"},
    {"scheme": "ccrr", "first_column": 0, "first_row": 0, "columns": "even-q"},
    {"scheme": "rrcc", "first_column": 1, "first_row": 1, "columns": "odd-q", "prefix": "e"},
    {"scheme": "rrcc", "first_column": 3, "first_row": 2, "columns": "even-q", "prefix": "w", "digits": 3},
]


def _map_of(numbering: dict[str, object], columns: int, rows: int) -> HexMap:
    first = from_plain(HexNumbering, numbering)
    start = first.format(first.first_column, first.first_row)
    end = first.format(first.first_column + columns - 1, first.first_row + rows - 1)
    return from_plain(HexMap, {"numbering": numbering, "hexes": [{"rect": [start, end]}]})


@pytest.mark.parametrize("numbering", NUMBERINGS, ids=lambda n: "-".join(str(v) for v in n.values()))
def test_the_converter_round_trips_every_hex_of_a_generated_map(numbering: dict[str, object]) -> None:
    """Every hex of a 30 × 40 map: number → axial → number, and the ids are distinct printed numbers."""
    board = _map_of(numbering, 30, 40)
    scheme = board.numbering
    assert scheme is not None and len(board.hexes) == 1200
    assert len({cell.id for cell in board.hexes}) == 1200
    for cell in board.hexes:
        assert scheme.axial(cell.id) == (cell.q, cell.r)
        assert scheme.number(cell.q, cell.r) == cell.id
        assert json.loads(hex_number_json(json.dumps(numbering), f"{cell.q},{cell.r}"))["number"] == cell.id


@pytest.mark.parametrize("numbering", NUMBERINGS[:2], ids=["odd-q", "even-q"])
def test_neighbours_are_the_printed_columns_neighbours(numbering: dict[str, object]) -> None:
    """A hex has two neighbours in its own column and two in each column beside it, as on a printed map."""
    board = _map_of(numbering, 6, 6)
    scheme = board.numbering
    assert scheme is not None
    for cell in board.hexes:
        column, row = scheme.parse(cell.id)
        found = set()
        for dq, dr in AXIAL_DIRECTIONS:
            other_column, other_row = scheme.offset(cell.q + dq, cell.r + dr)
            found.add((other_column - column, other_row - row))
        lower = (column % 2 == 1) == (numbering["columns"] == "odd-q")
        # a lower column's hex meets rows row and row+1 of the columns beside it; a higher one rows row-1 and row
        side_rows = {0, 1} if lower else {-1, 0}
        assert found == {(0, -1), (0, 1)} | {(dc, dr) for dc in (-1, 1) for dr in side_rows}


@given(st.integers(-300, 300), st.integers(-300, 300), st.integers(-300, 300), st.integers(-300, 300))
def test_distance_between_numbers_is_the_axial_distance(q1: int, r1: int, q2: int, r2: int) -> None:
    """The axial places that printed numbers give keep hex distance (three digits leave room for the offsets)."""
    scheme = HexNumbering(first_column=0, first_row=0, digits=4)
    shift = 1000
    a, b = (q1 + shift, r1 + shift), (q2 + shift, r2 + shift)
    assert axial_distance(scheme.axial(scheme.number(*a)), scheme.axial(scheme.number(*b))) == axial_distance(a, b)


def test_a_scenario_names_every_hex_by_its_printed_number() -> None:
    """Regions, a listed hex overriding its region, a box's edge by rectangle, units and sources by number."""
    scenario = {
        "map": {
            "numbering": {"scheme": "ccrr", "first_column": 1, "first_row": 1, "columns": "odd-q"},
            "countries": [{"id": "germany", "faction": "axis"}, {"id": "ussr", "faction": "soviets"}],
            "hexes": [
                {"rect": ["0101", "0405"], "country": "germany"},
                {"rect": ["0501", "0605"], "country": "ussr"},
                {"rect": ["0301", "0305"], "terrain": "impassable", "country": "germany"},
                {"id": "0303", "terrain": "clear"},
                {"id": "0203", "city": "Berlin"},
            ],
            "boxes": [{"id": "interior", "kind": "soviet-interior", "entry_hexes": [{"rect": ["0601", "0605"]}]}],
        },
        "units": [
            {"id": "g1", "hex": "0403", "faction": "axis", "nationality": "germany"},
            {"id": "s1", "hex": "0502", "faction": "soviets", "nationality": "ussr"},
        ],
    }
    result = run("supply", scenario)
    assert result.supplied == {"g1": True, "s1": True}  # type: ignore[attr-defined]
    path = [step.node for step in result.item("g1").path]  # type: ignore[attr-defined]
    assert path[0] == "0403" and path[-1] == "0203" and "0303" in path  # the one clear hex of the impassable column


def test_problems_name_the_entry_written_and_what_to_write() -> None:
    """A region's problem once, at its first hex; a hex whose id is not its number; a malformed corner."""
    data = {
        "numbering": {"scheme": "ccrr"},
        "countries": [{"id": "germany", "faction": "axis"}],
        "hexes": [
            {"rect": ["0101", "0203"], "country": "atlantis"},
            {"id": "berlin", "q": 0, "r": 0},
            {"id": "0203", "q": 5, "r": 5},
            {"id": "Berlin"},
        ],
        "boxes": [{"id": "edge", "entry_hexes": [{"rect": ["0101", "3"]}]}],
    }
    with pytest.raises(InvalidScenario) as raised:
        from_plain(HexMap, data)
    lines = str(raised.value).splitlines()
    assert [line for line in lines if "atlantis" in line and ".rect." in line] == [
        "hexes.0.rect.0101.country: hex '0101' lies in an unknown country; expected one of the map's countries "
        "(got 'atlantis')"
    ]
    assert any(line.startswith("hexes.1.id:") and "write '0101' for q=0, r=0" in line for line in lines)
    assert any(line.startswith("hexes.2:") and "lies at q=1, r=1" in line for line in lines)
    assert any(line.startswith("hexes.3.id:") and "as in '0812'" in line for line in lines)
    assert any(line.startswith("boxes.0.entry_hexes.0.rect:") and "(got '3')" in line for line in lines)


def test_a_rectangle_without_numbering_says_how_to_give_one() -> None:
    with pytest.raises(InvalidScenario) as raised:
        from_plain(HexMap, {"hexes": [{"rect": ["0101", "0202"]}]})
    assert str(raised.value) == (
        "hexes.0.rect: a rectangle of hexes needs printed hex numbers: give the map a numbering (how the board "
        "prints its hex numbers)"
    )


def test_every_numbering_problem_at_once() -> None:
    """Digits out of range, a negative first column and row and a prefix with digits are reported together."""
    with pytest.raises(InvalidScenario) as raised:
        from_plain(HexNumbering, {"digits": 5, "first_column": -1, "first_row": -2, "prefix": "e1"})
    assert [str(error) for error in raised.value.errors] == [
        "digits: the digits of each part must be 1 to 4 (got 5)",
        "first_column: must be 0 or more (got -1)",
        "first_row: must be 0 or more (got -2)",
        "prefix: the prefix must be letters only (such as e), or empty (got 'e1')",
    ]


def test_a_printed_number_of_one_digit_a_part_is_said_in_the_singular() -> None:
    """One digit of each part: "1 digit of column", with the prefix first when there is one."""
    with pytest.raises(InvalidScenario) as raised:
        from_plain(HexMap, {"numbering": {"digits": 1, "prefix": "w", "scheme": "rrcc"}, "hexes": [{"id": "w123"}]})
    assert [error.detail for error in raised.value.errors] == [
        "a printed hex number here is 'w', then 1 digit of row, then 1 of column, as in 'w98'; a hex named otherwise "
        "needs q and r (a name can go in city) (got 'w123')"
    ]


def test_the_page_entry_point_answers_in_the_readers_language() -> None:
    """hex_number_json says its problems in the language the page passes, and refuses text that is not JSON."""
    russian = load_language(REPOSITORY / "locales", "ru").to_json()
    answer = json.loads(hex_number_json('{"first_row": -1, "digits": 9}', "0812", russian))
    assert [error["path"] for error in answer["errors"]] == ["numbering.digits", "numbering.first_row"]
    english = json.loads(hex_number_json('{"first_row": -1, "digits": 9}', "0812"))
    assert [error["message"] for error in english["errors"]] == [
        "the digits of each part must be 1 to 4 (got 9)",
        "must be 0 or more (got -1)",
    ]
    assert all(
        said["message"] != english_said["message"] and "(" in said["message"]
        for said, english_said in zip(answer["errors"], english["errors"], strict=True)
    )
    broken = json.loads(hex_number_json('{"scheme": ', "0812"))
    assert broken == {
        "ok": False,
        "errors": [{"path": "numbering", "message": "is not valid JSON: Expecting value at line 1, column 12"}],
    }


def test_the_command_line_converts_both_ways(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hex-number", "--scheme", "rrcc", "--prefix", "e", "e1027", "26,-4"]) == 0
    assert capsys.readouterr().out.splitlines() == ["e1027\tq=26\tr=-4", "e1027\tq=26\tr=-4"]


def _problems_said(capsys: pytest.CaptureFixture[str], *arguments: str) -> list[str]:
    """The problem lines `rulebook hex-number ARGUMENTS` prints (it must refuse), its command prefix removed."""
    assert main(["hex-number", *arguments]) == 1
    printed = capsys.readouterr()
    assert printed.out == "" and "Traceback" not in printed.err
    return printed.err.removeprefix("rulebook hex-number: ").splitlines()


def test_the_command_line_says_every_numbering_problem_in_the_language_asked(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`--lang ru`: each bad option's problem once, named by its option, in Russian as the page says it."""
    options = ["--digits", "9", "--first-row", "-1", "0812", "7,7"]
    english = _problems_said(capsys, *options)
    russian = _problems_said(capsys, *options, "--lang", "ru")
    page = json.loads(
        hex_number_json(
            json.dumps({"digits": 9, "first_row": -1}), "0812", load_language(REPOSITORY / "locales", "ru").to_json()
        )
    )
    assert [error["path"] for error in page["errors"]] == ["numbering.digits", "numbering.first_row"]
    assert russian == [f"--digits: {page['errors'][0]['message']}", f"--first-row: {page['errors'][1]['message']}"]
    assert english[0].startswith("--digits: the digits of each part") and russian[0] not in english


def test_the_command_line_says_every_hex_problem_in_the_language_asked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--lang de`: every hex that does not fit the numbering, in German; a map without one says so by its field."""
    german = load_language(REPOSITORY / "locales", "de").to_json()
    said = _problems_said(capsys, "xyz", "0812", "1,a", "--lang", "de")
    page = [json.loads(hex_number_json("{}", value, german))["errors"][0]["message"] for value in ("xyz", "1,a")]
    assert said == [f"xyz: {page[0]}", f"1,a: {page[1]}"]
    assert "angegeben" in said[0]  # German, not the English "got"
    scenario = tmp_path / "map.yaml"
    scenario.write_text("map:\n  hexes: []\n", encoding="utf-8")
    missing = _problems_said(capsys, "--scenario", str(scenario), "0812", "--lang", "de")
    english = _problems_said(capsys, "--scenario", str(scenario), "0812")
    assert english == [f"{scenario}: map.numbering: required field is missing"]
    assert len(missing) == 1 and missing[0].startswith(f"{scenario}: map.numbering: ") and missing != english
