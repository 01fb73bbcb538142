"""The strategic game's answers in Russian: every word a catalog word, no English fragment and no raw id.

Russian is written in Cyrillic, so a Latin word in a Russian answer is either a name the
scenario gave (a territory, an interception's id), one of the source's printed abbreviations
(HPP, TÉ, VÉ), or a word that did not go through the catalog: an English fragment glued into a
field (``" and is complete"``), an enum value shown as it is (``gibraltar``), a unit id or a
Python dict of them. Each worked example of the game is rendered, and so is a variant for each
branch the examples leave out.
"""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest

from adjudicator.registry import run
from rulebook.adjudication.catalog import runnable_scenario
from rulebook.adjudication.messages import load_language
from rulebook.content.model import Corpus
from tests.conftest import REPOSITORY

PRINTED = frozenset({"HPP", "TÉ", "VÉ", "d6"})
"""The source's own abbreviations, which every language keeps as printed."""

_LATIN_WORD = re.compile(r"(?<![\d,.])[A-Za-zÀ-ÖØ-öø-ÿ][A-Za-zÀ-ÖØ-öø-ÿ0-9'-]*")


def _scenario_words(value: Any) -> set[str]:
    """Every word of every text the scenario holds (its names)."""
    if isinstance(value, str):
        return set(_LATIN_WORD.findall(value))
    if isinstance(value, dict):
        return set().union(*(_scenario_words(item) for item in value.values()), set())
    if isinstance(value, list):
        return set().union(*(_scenario_words(item) for item in value), set())
    return set()


def _foreign_words(calculator: str, scenario: dict[str, Any]) -> dict[str, list[str]]:
    """Each rendered line of the Russian answer that holds a Latin word which is no name and no abbreviation."""
    russian = load_language(REPOSITORY / "locales", "ru")
    result = run(calculator, scenario)
    lines = [russian.render(line) for line in result.summary_messages()]
    lines += [step.render(russian) for step in result.trace]
    allowed = PRINTED | _scenario_words(scenario)
    found = {}
    for line in lines:
        foreign = [word for word in _LATIN_WORD.findall(line) if word not in allowed]
        if foreign:
            found[line] = foreign
    return found


def _variant(real_corpus: Corpus, example_id: str, **changes: Any) -> tuple[str, dict[str, Any]]:
    example = next(example for example in real_corpus.examples if example.id == example_id)
    scenario = copy.deepcopy(runnable_scenario(example, real_corpus))
    scenario.update(changes)
    return example.calculator, scenario


def _variants(real_corpus: Corpus) -> dict[str, tuple[str, dict[str, Any]]]:
    """A scenario for each branch of a fixed trace step that no worked example takes."""
    interception = _variant(real_corpus, "se.example.interception-english-invasion")[1]
    for item in interception["interceptions"]:
        item.pop("roll", None)  # naval rolls left out: every way they can fall, with its losses
    interception.pop("naval_battle")
    interception.pop("withdraws")
    interception.pop("engaged")
    return {
        "raid on Vichy France": (
            "strategic-bombing",
            {"raids": [{"attacker": "germany", "target": "vichy-france", "bombers": 2}]},
        ),
        "a sender's second shipment over its cap": _variant(
            real_corpus,
            "se.example.lend-lease-quarter-cap",
            cap="per-sender-per-turn",
            shipments=[
                {"sender": "usa", "recipient": "ussr", "amount_hpp": 6},
                {"sender": "usa", "recipient": "england", "amount_hpp": 6},
                {"sender": "england", "recipient": "ussr", "amount_hpp": 9},
            ],
        ),
        "a complete Malta garrison": ("malta-garrison", {"units": {"infantry": 1, "fleet": 1, "aircraft": 1}}),
        "a Malta garrison within the limit": ("malta-garrison", {"units": {"armour": 1}}),
        "interceptions with the naval rolls left out": ("interception", interception),
        "a strategic battle with casualties assumed": (
            "battle",
            {
                "game": "strategic-europe",
                "attacker": {"units": {"infantry": 2, "armour": 1}, "values": {"infantry": 1, "armour": 3}},
                "defender": {"units": {"infantry": 2, "armour": 1}, "values": {"infantry": 2, "armour": 2}},
            },
        ),
        "a strategic battle with casualties given": (
            "battle",
            {
                "game": "strategic-europe",
                "attacker": {
                    "units": {"infantry": 2, "armour": 1},
                    "values": {"infantry": 1, "armour": 3},
                    "loss_order": ["armour", "infantry"],
                },
                "defender": {"units": {"infantry": 2}, "values": {"infantry": 2}},
            },
        ),
    }


def test_every_worked_example_of_the_game_answers_in_russian_words(real_corpus: Corpus) -> None:
    """No worked example of the strategic game shows an English fragment or a raw id in Russian."""
    found = {
        example.id: words
        for example in real_corpus.examples
        if example.game == "strategic-europe"
        and (words := _foreign_words(example.calculator, runnable_scenario(example, real_corpus)))
    }
    assert found == {}


@pytest.mark.parametrize(
    "branch",
    [
        "raid on Vichy France",
        "a sender's second shipment over its cap",
        "a complete Malta garrison",
        "a Malta garrison within the limit",
        "interceptions with the naval rolls left out",
        "a strategic battle with casualties assumed",
        "a strategic battle with casualties given",
    ],
)
def test_the_branches_the_examples_leave_out_answer_in_russian_words(real_corpus: Corpus, branch: str) -> None:
    """Each branch of a step that once glued English or ids into a field answers in Russian words too."""
    calculator, scenario = _variants(real_corpus)[branch]
    assert _foreign_words(calculator, scenario) == {}
