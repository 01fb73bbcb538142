"""Tests of :mod:`rulebook.adjudication.scenarios`: a result for the terminal shows what the page shows."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adjudicator.battle.rounds import ROUNDS_SHOWN_DOWN_TO
from rulebook.adjudication.catalog import runnable_scenario
from rulebook.adjudication.messages import load_language
from rulebook.cli import main
from rulebook.content.model import Corpus
from tests.conftest import REPOSITORY

LOCALES = REPOSITORY / "locales"
BATTLE_EXAMPLE = "aa2.example.jet-fighters"
"""A worked battle of Axis & Allies: costs known, four rounds before less than 0.1 % of it is still on."""


def _adjudicate(capsys: pytest.CaptureFixture[str], scenario: Path, *options: str) -> str:
    assert main(["adjudicate", "battle", "--scenario", str(scenario), *options]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("lang", ["de", "ru"])
def test_battle_text_shows_the_first_rounds_in_the_language_asked(
    lang: str, tmp_path: Path, real_corpus: Corpus, capsys: pytest.CaptureFixture[str]
) -> None:
    """`rulebook adjudicate battle` without --json prints the rounds of --json's by_round under the page's words.

    The rows are those of the page: down to the first round with less than 0.1 % still on, each with its
    chance still on and both sides' units (cost in brackets), written the language's way.
    """
    example = next(example for example in real_corpus.examples if example.id == BATTLE_EXAMPLE)
    scenario = tmp_path / "battle.json"
    scenario.write_text(json.dumps(runnable_scenario(example, real_corpus)), encoding="utf-8")
    by_round = json.loads(_adjudicate(capsys, scenario, "--lang", lang, "--json"))["by_round"]
    printed = _adjudicate(capsys, scenario, "--lang", lang).splitlines()
    language = load_language(LOCALES, lang)

    english_caption = (
        "Round by round: the chance that the battle is still on after the round, and each side's expected units "
        "left, their cost in brackets"
    )
    caption = language.translate(english_caption)
    assert caption != english_caption
    start = printed.index(caption)
    headings = [language.translate(word) for word in ("Round", "Still on", "Attacker", "Defender")]
    assert printed[start + 1].split() == " ".join(headings).split()
    assert not {"Round", "Attacker", "Defender"} & set(printed[start + 1].split())

    shown = next(n for n, row in enumerate(by_round, start=1) if row["still_on"] < ROUNDS_SHOWN_DOWN_TO)
    assert 1 < shown < len(by_round)  # the table is cut: the example says something about the cut
    rows = printed[start + 2 : start + 2 + shown]
    assert printed[start + 2 + shown] == ""  # nothing more of the table: the trace's heading follows
    for line, row in zip(rows, by_round):
        cells = line.split()
        assert cells[0] == str(row["round"])
        chance = (
            language.format_value(ROUNDS_SHOWN_DOWN_TO, ".1%")
            if 0 < row["still_on"] < ROUNDS_SHOWN_DOWN_TO
            else language.format_value(row["still_on"], ".1%")
        )
        assert chance.replace("\u00a0", " ") in line.replace("\u00a0", " ")
        for side in ("attacker", "defender"):
            units = language.format_value(row[f"{side}_units"], ".1f")
            cost = language.format_value(row[f"{side}_value"], ".1f")
            assert f"{units} ({cost})" in line
    assert "," in rows[0]  # German and Russian write a decimal comma
