"""Bad scenarios never crash, hang or exhaust the machine, through the CLI and the page's entry point alike.

Each case class is run through ``rulebook adjudicate`` in a subprocess with a memory limit and
a timeout (exit 2, ``file:line:column: …``, no traceback) and through
:func:`adjudicator.web.evaluate_json` (``ok: false`` with a path), with the reading limits of
:mod:`adjudicator.limits`.
"""

from __future__ import annotations

import json
import re
import resource
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from adjudicator import web
from adjudicator.limits import MAX_SCENARIO_BYTES, MAX_YAML_ALIASES

MEMORY_LIMIT = 1_500_000_000
"""Bytes of address space a CLI run may take (a run that needs more is a runaway)."""

SECONDS = 60
"""Time a CLI run may take on a loaded 2-core machine (an import takes a few seconds there)."""


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def adjudicate(calculator: str, scenario: Path | str, *options: str) -> subprocess.CompletedProcess[str]:
    """``rulebook adjudicate`` in a subprocess under the memory limit and the timeout."""
    return subprocess.run(
        [sys.executable, "-m", "rulebook.cli", "adjudicate", calculator, "--scenario", str(scenario), *options],
        capture_output=True,
        text=True,
        timeout=SECONDS,
        preexec_fn=_limit_memory,
        check=False,
    )


def refused(completed: subprocess.CompletedProcess[str], file: Path | str, message: str) -> str:
    """Assert an exit 2 whose one problem line reads ``file:line:column: …message…`` without a traceback."""
    assert completed.returncode == 2, completed.stderr
    assert "Traceback" not in completed.stderr
    assert completed.stdout == ""
    line = completed.stderr.strip()
    assert re.fullmatch(rf"rulebook adjudicate: {re.escape(str(file))}:\d+:\d+: .*", line, re.S), line
    assert message in line, line
    return line


def page(name: str, scenario: str) -> dict[str, Any]:
    """The page's answer, parsed by a strict JSON parser (no NaN or Infinity)."""
    answer: dict[str, Any] = json.loads(web.evaluate_json(name, scenario), parse_constant=_no_constant)
    return answer


def _no_constant(name: str) -> None:
    raise AssertionError(f"not JSON: {name}")


def page_refuses(name: str, scenario: str, path: str, message: str) -> None:
    answer = page(name, scenario)
    assert answer["ok"] is False, answer
    assert {error["path"] for error in answer["errors"]} == {path}, answer
    assert message in answer["errors"][0]["message"], answer


DEEP = "[" * 100_000 + "]" * 100_000
HUGE = "1" * 5_000
VEHICLE = {"vehicle": "heavy-tank", "table": "heavy-weapons", "armour": "heavy", "firer_height_above_ground_cm": 20}


class TestEmpty:
    """An empty scenario, a comment-only one and ``/dev/null`` are refused as empty."""

    @pytest.mark.parametrize("text", ["", "# nothing but a comment\n", "\n\n"])
    def test_empty_file(self, tmp_path: Path, text: str) -> None:
        """An empty or comment-only YAML file: exit 2 at 1:1, saying it is empty."""
        file = tmp_path / "scenario.yaml"
        file.write_text(text)
        refused(adjudicate("ipc-chips", file), file, "the scenario file is empty")

    def test_dev_null(self) -> None:
        """``/dev/null`` reads as an empty file."""
        refused(adjudicate("battle", "/dev/null"), "/dev/null", "the scenario file is empty")

    def test_empty_json_file(self, tmp_path: Path) -> None:
        """An empty JSON file is empty, not malformed."""
        file = tmp_path / "scenario.json"
        file.write_text("  \n")
        refused(adjudicate("ipc-chips", file), file, "the scenario file is empty")

    def test_page(self) -> None:
        """The page's empty scenario and its ``null`` are refused with the whole scenario's path."""
        page_refuses("ipc-chips", "", "", "the scenario is empty")
        page_refuses("ipc-chips", "null", "", "a scenario must be a mapping of fields")


class TestSize:
    """A file is read up to the size limit and no further."""

    def test_dev_zero(self) -> None:
        """``/dev/zero`` never ends: it is refused at the size limit."""
        refused(adjudicate("ipc-chips", "/dev/zero"), "/dev/zero", f"larger than {MAX_SCENARIO_BYTES} bytes")

    def test_large_file(self, tmp_path: Path) -> None:
        """A file one byte past the limit is refused, naming the limit."""
        file = tmp_path / "scenario.yaml"
        file.write_text("ipc: 5\n" + "#" * MAX_SCENARIO_BYTES)
        refused(adjudicate("ipc-chips", file), file, "the limit")

    def test_page(self) -> None:
        """The page's text past the limit is refused before it is parsed."""
        page_refuses("ipc-chips", '{"ipc": 5, "x": "' + "a" * MAX_SCENARIO_BYTES + '"}', "", "the limit")


class TestNesting:
    """A list nested 100,000 deep is refused by the depth limit before anything recurses."""

    @pytest.mark.parametrize(
        ("suffix", "text"),
        [
            (".json", '{"ipc": ' + DEEP + "}"),
            (".yaml", "ipc: " + DEEP + "\n"),
            (".yaml", "ipc:\n" + "- " * 100_000 + "1\n"),
        ],
        ids=["json", "yaml-flow", "yaml-block"],
    )
    def test_cli(self, tmp_path: Path, suffix: str, text: str) -> None:
        """JSON, YAML flow and YAML block nesting: exit 2 with the place where the limit is passed."""
        file = tmp_path / f"scenario{suffix}"
        file.write_text(text)
        refused(adjudicate("ipc-chips", file), file, "nests deeper than 64 levels")

    def test_page(self) -> None:
        """The page refuses the same JSON text with its line and column."""
        message = "nests deeper than 64 levels of lists and mappings (at 1:72)"
        page_refuses("ipc-chips", '{"ipc": ' + DEEP + "}", "", message)

    def test_page_data(self) -> None:
        """Deep data handed to the adjudicator itself (not JSON text) is refused at its path."""
        from adjudicator.errors import ScenarioError
        from adjudicator.plain import InvalidScenario
        from adjudicator.registry import run

        deep: list[Any] = []
        for _ in range(100_000):
            deep = [deep]
        with pytest.raises(InvalidScenario) as raised:
            run("ipc-chips", {"ipc": deep})
        [problem] = raised.value.errors
        assert isinstance(problem, ScenarioError)
        assert problem.path.startswith("ipc.0.0")


class TestHugeIntegers:
    """An integer of thousands of digits is refused at its field, not by Python's 4,300-digit error."""

    @pytest.mark.parametrize("suffix", [".json", ".yaml"])
    def test_cli(self, tmp_path: Path, suffix: str) -> None:
        """``ipc: 10**5000``: the field ``ipc`` is named with the digit limit."""
        file = tmp_path / f"scenario{suffix}"
        file.write_text('{"ipc": 1' + "0" * 5_000 + "}" if suffix == ".json" else "ipc: 1" + "0" * 5_000 + "\n")
        line = refused(adjudicate("ipc-chips", file), file, "ipc: must be an integer of at most 30 digits")
        assert ":1:" in line

    def test_page(self) -> None:
        """In the page too, with the field's path; it is not called "not valid JSON"."""
        page_refuses("ipc-chips", '{"ipc": ' + HUGE + "}", "ipc", "must be an integer of at most 30 digits")

    def test_nested_battle_count(self) -> None:
        """A count deep in a battle side is named by its full path."""
        scenario = '{"game": "axis-and-allies-2e", "attacker": {"units": {"infantry": ' + HUGE + '}}, "defender": '
        scenario += '{"units": {"infantry": 1}}}'
        page_refuses("battle", scenario, "attacker.units.infantry", "at most 30 digits")


class TestAliases:
    """A YAML alias bomb is refused: too many aliases, or too many values once they are counted where used."""

    @staticmethod
    def bomb(levels: int, width: int) -> str:
        lines = [f"l0: &l0 [{', '.join(['x'] * width)}]"]
        for level in range(1, levels):
            lines.append(f"l{level}: &l{level} [{', '.join([f'*l{level - 1}'] * width)}]")
        return "\n".join(lines) + f"\nipc: *l{levels - 1}\n"

    def test_many_aliases(self, tmp_path: Path) -> None:
        """More aliases than the page's reader allows: refused at the first alias past the limit."""
        file = tmp_path / "scenario.yaml"
        file.write_text(self.bomb(levels=12, width=10))
        line = refused(adjudicate("ipc-chips", file), file, f"more than {MAX_YAML_ALIASES} YAML aliases")
        assert "x, x" not in line and "['x'" not in line

    def test_few_aliases_that_expand(self, tmp_path: Path) -> None:
        """Ninety aliases that mean 9**10 values: refused after counting a million, printing no value."""
        file = tmp_path / "scenario.yaml"
        file.write_text(self.bomb(levels=10, width=9))
        line = refused(adjudicate("ipc-chips", file), file, "more than 1000000 values")
        assert "'x'" not in line

    def test_page(self) -> None:
        """The page's JSON has no aliases: a million values do not fit in the size limit, and are refused by it."""
        scenario = '{"ipc": [' + ", ".join(["[" + ",".join(["0"] * 90_000) + "]"] * 12) + "]}"
        page_refuses("ipc-chips", scenario, "", f"larger than {MAX_SCENARIO_BYTES} bytes")


class TestNonFinite:
    """NaN and infinities are refused wherever a number is read, and never appear in any output."""

    @pytest.mark.parametrize("value", [".nan", ".inf", "-.inf"])
    def test_cli_yaml(self, tmp_path: Path, value: str) -> None:
        """A distance of ``.nan``/``.inf``/``-.inf`` is refused at its field."""
        file = tmp_path / "scenario.yaml"
        lines = [f"{key}: {item}" for key, item in VEHICLE.items()] + [f"distance_cm: {value}"]
        file.write_text("\n".join(lines) + "\n")
        refused(adjudicate("oww2-vehicle-damage", file), file, "distance_cm: must be a finite number")

    @pytest.mark.parametrize("value", ["NaN", "Infinity", "-Infinity", "1e999"])
    def test_cli_json(self, tmp_path: Path, value: str) -> None:
        """The same in JSON, where ``1e999`` reads as infinity."""
        file = tmp_path / "scenario.json"
        file.write_text(json.dumps(VEHICLE)[:-1] + f', "distance_cm": {value}}}')
        refused(adjudicate("oww2-vehicle-damage", file), file, "distance_cm: must be a finite number")

    @pytest.mark.parametrize("value", ["NaN", "Infinity", "-Infinity", "1e999"])
    def test_page(self, value: str) -> None:
        """The page refuses them at the field."""
        scenario = json.dumps(VEHICLE)[:-1] + f', "distance_cm": {value}}}'
        page_refuses("oww2-vehicle-damage", scenario, "distance_cm", "must be a finite number")

    def test_json_output_is_strict(self, tmp_path: Path) -> None:
        """``--json`` prints JSON a strict parser reads."""
        file = tmp_path / "scenario.json"
        file.write_text(json.dumps({**VEHICLE, "distance_cm": 10}))
        completed = adjudicate("oww2-vehicle-damage", file, "--json")
        assert completed.returncode == 0, completed.stderr
        assert json.loads(completed.stdout, parse_constant=_no_constant)["summary"]


class TestNulByte:
    """A NUL byte is reported at the file's line and column."""

    def test_cli(self, tmp_path: Path) -> None:
        """Line 2, column 5 of the file, not a position in ``<unicode string>``."""
        file = tmp_path / "scenario.yaml"
        file.write_text("ipc: 5\nx: a\x00b\n")
        line = refused(adjudicate("ipc-chips", file), file, "not allowed in YAML")
        assert f"{file}:2:5:" in line
        assert "unicode string" not in line

    def test_page(self) -> None:
        """In the page's JSON a NUL inside a string is a string like any other: refused as an unknown field."""
        page_refuses("ipc-chips", '{"ipc": 5, "x\\u0000": 1}', "x\x00", "unknown field")


class TestUnexpected:
    """``evaluate_json`` never lets an exception out."""

    def test_calculator_fault(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """An exception inside a calculator becomes a refusal with the empty path, naming the calculator."""

        def broken(name: str, data: Any, package: str | None = None) -> Any:
            raise ZeroDivisionError("division by zero")

        monkeypatch.setattr(web, "prepare", broken)
        answer = page("ipc-chips", '{"ipc": 5}')
        assert answer == {
            "ok": False,
            "errors": [{"path": "", "message": answer["errors"][0]["message"]}],
        }
        assert "'ipc-chips'" in answer["errors"][0]["message"]
        assert "ZeroDivisionError" in answer["errors"][0]["message"]

    def test_non_finite_result(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """A result holding NaN is refused, never written as bare ``NaN``."""
        monkeypatch.setattr(web, "answer", lambda result, language: {"result": {"p": float("nan")}, "summary": []})
        answer = page("ipc-chips", '{"ipc": 5}')
        assert answer["ok"] is False
        assert "'ipc-chips'" in answer["errors"][0]["message"]

    def test_bad_language(self) -> None:
        """A language document that is not JSON is a refusal too."""
        answer = json.loads(web.evaluate_json("ipc-chips", '{"ipc": 5}', "{"))
        assert answer["ok"] is False


AA2 = {"game": "axis-and-allies-2e"}
NUMBERED_MAP = {"numbering": {"digits": 4}, "hexes": [{"rect": ["00010001", "99999999"], "terrain": "clear"}]}


class TestCalculatorLimits:
    """Past a calculator's limit the answer is a refusal naming the field and the limit and saying what to lower."""

    @pytest.mark.parametrize(
        ("name", "scenario", "path", "message"),
        [
            (
                "battle",
                {**AA2, "attacker": {"units": {"infantry": 10**6}}, "defender": {"units": {"infantry": 1}}},
                "attacker.units",
                "must be at most 500 units, the limit; the exact odds follow every state",
            ),
            (
                "battle",
                {
                    **AA2,
                    "attacker": {"units": {"infantry": 100, "fighter": 30, "bomber": 20}},
                    "defender": {"units": {"infantry": 100, "aa-gun": 1}},
                },
                "attacker.units",
                "must be at most 120 units, the limit; the exact odds of this battle follow every composition",
            ),
            (
                "battle",
                {**AA2, "method": "monte-carlo", "runs": 10**9, "attacker": {"units": {"infantry": 3}}},
                "runs",
                "must be at most 100000, the limit",
            ),
            (
                "battle",
                {**AA2, "round_limit": 10**9, "attacker": {"units": {"infantry": 3}}},
                "round_limit",
                "must be at most 100, the limit; name an earlier round",
            ),
            (
                "battle",
                {
                    **AA2,
                    "kind": "sea",
                    "attacker": {"units": {"submarine": 200}, "submerge_after_round": 1000},
                    "defender": {"units": {"destroyer": 1}},
                },
                "attacker.submerge_after_round",
                "must be at most 100",
            ),
            (
                "battle-replay",
                {**AA2, "attacker": {"units": {"infantry": 1}}, "rounds": [{"attacker": {"infantry": [1]}}] * 1001},
                "rounds",
                "must be at most 1000, the limit; replay fewer rounds",
            ),
            ("ipc-chips", {"ipc": 10**9}, "ipc", "must be at most 100000 IPC, the limit"),
            ("supply", {"map": NUMBERED_MAP}, "map.hexes.0.rect", "covers 99980001 hexes"),
            (
                "victory",
                {
                    "players": [{"name": "a"}, {"name": "b"}],
                    "lands": [{"name": "x", "flags": 10**9, "victory_points": 1}],
                },
                "lands.0.flags",
                "must be at most 10000 flags, the limit",
            ),
        ],
        ids=[
            "exact-units",
            "exact-units-anti-aircraft",
            "runs",
            "round-limit",
            "submerge",
            "replay-rounds",
            "ipc",
            "rect",
            "flags",
        ],
    )
    def test_page(self, name: str, scenario: dict[str, Any], path: str, message: str) -> None:
        """The page's answer names the field and the limit, at once (no hang, no out-of-memory)."""
        if name.startswith("battle"):
            scenario.setdefault("defender", {"units": {"infantry": 1}})
        answer = page(name, json.dumps(scenario))
        assert answer["ok"] is False, answer
        assert any(error["path"] == path and message in error["message"] for error in answer["errors"]), answer

    def test_exact_refusal_offers_monte_carlo(self) -> None:
        """An exact battle past the limit says how to get an answer: Monte Carlo."""
        scenario = {**AA2, "attacker": {"units": {"infantry": 501}}, "defender": {"units": {"infantry": 501}}}
        answer = page("battle", json.dumps(scenario))
        assert {error["path"] for error in answer["errors"]} == {"attacker.units", "defender.units"}
        assert all("method: monte-carlo" in error["message"] for error in answer["errors"])
        answer = page("battle", json.dumps({**scenario, "method": "monte-carlo", "runs": 1000}))
        assert answer["ok"] is True, answer

    def test_every_range_problem_at_once(self) -> None:
        """A negative count beside a round limit past its limit: both are reported, each at its full path."""
        scenario = {**AA2, "round_limit": 10**6, "attacker": {"units": {"infantry": -1}}, "defender": {"units": {}}}
        answer = page("battle", json.dumps(scenario))
        assert {error["path"] for error in answer["errors"]} >= {"round_limit", "attacker.units.infantry"}

    def test_cli(self, tmp_path: Path) -> None:
        """The CLI gives the same refusal at the field's line."""
        file = tmp_path / "scenario.yaml"
        file.write_text(
            "game: axis-and-allies-2e\nattacker:\n  units: {infantry: 1000000}\ndefender:\n  units: {armor: 1}\n"
        )
        line = refused(adjudicate("battle", file), file, "attacker.units: must be at most 500 units")
        assert f"{file}:3:3:" in line

    def test_retreat_reports_every_count_at_its_path(self) -> None:
        """A negative count in retreat is ``units.infantry``, reported with the other problems."""
        scenario = {"side": "attacker", "units": {"infantry": -1, "armor": 2}, "retreating": {"armor": 3}}
        answer = page("retreat", json.dumps({**scenario, "enemies_left": -2}))
        assert [error["path"] for error in answer["errors"]] == ["units.infantry", "retreating.armor", "enemies_left"]
