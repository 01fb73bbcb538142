"""Tests of :mod:`adjudicator.battle.picture`: the ``battle`` calculator's outcome bars and survivors histograms."""

from __future__ import annotations

import json
from typing import Any
from xml.etree import ElementTree

from adjudicator.battle.calculators import BattleResult
from adjudicator.battle.picture import render_battle_svg
from adjudicator.messages import AnswerLanguage
from adjudicator.registry import run
from adjudicator.web import evaluate_json

SVG = "{http://www.w3.org/2000/svg}"
LAND: dict[str, Any] = {
    "game": "axis-and-allies-2e",
    "attacker": {"units": {"infantry": 3, "armor": 2, "fighter": 1}, "keep_land_units": 1},
    "defender": {"units": {"infantry": 4}},
}
GERMAN = AnswerLanguage(
    "de",
    {"Attacker wins": "Angreifer gewinnt", "Attacker: units left": "Angreifer: verbleibende Einheiten"},
    decimal=",",
    group=".",
    percent="{}\u00a0%",
)


def battle(data: dict[str, Any]) -> BattleResult:
    result = run("battle", data)
    assert isinstance(result, BattleResult)
    return result


def _groups(svg: str) -> dict[str, ElementTree.Element]:
    return {group.get("class", ""): group for group in ElementTree.fromstring(svg).iter(f"{SVG}g")}


class TestBattlePicture:
    def test_outcome_bars_have_the_result_widths(self) -> None:
        """One bar per outcome, captures included in a land battle, each as wide as its chance."""
        result = battle(LAND)
        groups = _groups(render_battle_svg(None, result))
        expected = {
            "outcome attacker-wins": result.attacker_wins,
            "outcome attacker-captures": result.attacker_captures,
            "outcome defender-holds": result.defender_wins,
            "outcome both-destroyed": result.both_destroyed,
        }
        widths = {
            name: float(next(r for r in group.iter(f"{SVG}rect") if r.get("class") == "bar").get("width", ""))
            for name, group in groups.items()
            if name.startswith("outcome ")
        }
        full = widths["outcome attacker-wins"] / result.attacker_wins
        assert set(widths) == set(expected)
        for name, chance in expected.items():
            assert chance is not None
            assert abs(widths[name] - full * chance) < 0.01

    def test_histograms_have_a_column_per_count(self) -> None:
        """Each side's histogram has a column for 0 … all of its units, the tallest the likeliest count."""
        result = battle(LAND)
        groups = _groups(render_battle_svg(None, result))
        for side, totals in (
            ("attacker", result.attacker_survivor_totals),
            ("defender", result.defender_survivor_totals),
        ):
            columns = [r for r in groups[f"survivors {side}"].iter(f"{SVG}rect") if r.get("class") == "column"]
            assert len(columns) == len(totals) == (7 if side == "attacker" else 5)
            heights = [float(column.get("height", "")) for column in columns]
            assert heights.index(max(heights)) == totals.index(max(totals))

    def test_words_and_numbers_in_the_readers_language(self) -> None:
        """The page's catalog translates the labels; percentages take its decimal sign."""
        result = battle(LAND)
        svg = render_battle_svg(None, result, GERMAN)
        assert "Angreifer gewinnt" in svg and "Angreifer: verbleibende Einheiten" in svg
        assert "Attacker wins" not in svg
        assert GERMAN.format_value(result.attacker_wins, ".1%") in svg and "," in GERMAN.format_value(0.958, ".1%")

    def test_sea_battle_has_no_capture_bar_and_monte_carlo_no_histogram(self) -> None:
        """No territory at sea; a sampled answer has no survivor distribution to draw."""
        sea = battle(
            {
                "game": "axis-and-allies-2e",
                "kind": "sea",
                "attacker": {"units": {"battleship": 1}},
                "defender": {"units": {"transport": 2}},
            }
        )
        assert "outcome attacker-captures" not in _groups(render_battle_svg(None, sea))
        sampled = battle({**LAND, "method": "monte-carlo", "runs": 200})
        groups = _groups(render_battle_svg(None, sampled))
        assert "outcome attacker-wins" in groups and not any(name.startswith("survivors") for name in groups)

    def test_page_answer_carries_the_picture_in_its_language(self) -> None:
        """``evaluate_json`` draws the battle with the language the page passes."""
        answer = json.loads(evaluate_json("battle", json.dumps(LAND), GERMAN.to_json()))
        assert answer["ok"] and "Angreifer gewinnt" in answer["svg"]
