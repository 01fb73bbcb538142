"""The card catalog (``content/<game>/cards/``): the Card model, the loader's checks, ``rulebook cards``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulebook.cli import main
from rulebook.content.load import load_cards, load_corpus
from rulebook.content.model import Corpus
from rulebook.games.hell_of_a_war import Card
from tests.conftest import REPOSITORY

GOOD_CARD = """\
id: abwurf
game: hell-of-a-war
name: {value: Abwurf, source: how.abwerfen}
type: {value: action-card, source: how.abwerfen}
ability:
  effect: {value: discard, source: how.abwerfen}
"""


def _write(content: Path, name: str, text: str) -> None:
    folder = content / "hell-of-a-war" / "cards"
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")


class TestLoader:
    def test_a_valid_card_is_loaded_with_its_stated_facts(self, sample_content: Path) -> None:
        """A card file validates, lands in the corpus, and lists each fact with the entry that states it."""
        _write(sample_content, "abwurf.yaml", GOOD_CARD)
        result = load_corpus(sample_content)
        assert result.errors == []
        assert result.corpus is not None
        (card,) = result.corpus.cards
        assert {name: fact.source for name, fact in card.stated().items()} == {
            "name": "how.abwerfen",
            "type": "how.abwerfen",
            "ability.effect": "how.abwerfen",
        }

    def test_every_card_problem_is_reported_at_once(self, sample_content: Path) -> None:
        """Unknown entry ids, unknown fields, a file name that is not the id and a duplicate id, all in one pass."""
        _write(sample_content, "abwurf.yaml", GOOD_CARD)
        _write(sample_content, "copy.yaml", GOOD_CARD)  # same id, other file name
        _write(
            sample_content,
            "bad.yaml",
            "id: bad\ngame: hell-of-a-war\nname: {value: Bad, source: how.no-such-entry}\ncolour: red\n",
        )
        _write(
            sample_content,
            "cited.yaml",
            "id: cited\ngame: hell-of-a-war\nname: {value: Cited, source: how.nowhere}\n"
            "ability:\n  tw_cost: {value: 2, source: how.gone}\n",
        )
        problems = [str(problem) for problem in load_corpus(sample_content).errors]
        assert any("bad.yaml" in p and "unknown key 'colour'" in p for p in problems), problems
        assert any("copy.yaml" in p and "the file name must be the id" in p for p in problems), problems
        assert any("copy.yaml" in p and "duplicate id" in p for p in problems), problems
        assert any("cited.yaml:3:" in p and "name.source" in p and "unknown entry 'how.nowhere'" in p for p in problems)
        assert any("cited.yaml:5:" in p and "ability.tw_cost.source" in p and "'how.gone'" in p for p in problems)

    def test_cards_of_a_game_without_a_catalog_are_refused(self, sample_content: Path) -> None:
        """A ``cards/`` folder of a game whose plug-in declares no card model is one problem naming the game."""
        (sample_content / "strategic-europe" / "cards").mkdir(parents=True)
        (sample_content / "strategic-europe" / "cards" / "x.yaml").write_text(GOOD_CARD, encoding="utf-8")
        problems = [str(problem) for problem in load_corpus(sample_content).errors]
        assert [p for p in problems if "has no card catalog" in p] == [
            f"{Path('content', 'strategic-europe', 'cards')}: the game 'strategic-europe' has no card catalog: no "
            "plug-in in rulebook/games/ declares its card model; move the cards to the game that prints them, or "
            "declare the catalog"
        ], problems

    def test_a_value_must_cite_its_entry(self) -> None:
        """A fact without ``source`` is refused: every value says where it comes from."""
        with pytest.raises(ValueError, match="source"):
            Card.model_validate({"id": "x", "game": "hell-of-a-war", "name": {"value": "X"}})


def _hell_of_a_war_cards(corpus: Corpus) -> dict[str, Card]:
    """The corpus's cards by id, each of the Hell of a War plug-in's card model."""
    cards = {card.id: card for card in corpus.cards if isinstance(card, Card)}
    assert len(cards) == len(corpus.cards)
    return cards


class TestRealCatalog:
    def test_the_catalog_cites_only_entries_of_its_game(self, real_corpus: Corpus) -> None:
        """Every Hell of a War card cites Hell of a War entries, and the FAQ's cards are there."""
        entries = {entry.id for entry in real_corpus.entries if entry.game == "hell-of-a-war"}
        cards = _hell_of_a_war_cards(real_corpus)
        for card in cards.values():
            assert {fact.source for fact in card.stated().values()} <= entries
        faq_cards = {
            "227-pfund-bombe",
            "radarstation",
            "feuerwehr",
            "zerstoerer",
            "erfolgreiche-abwehr",
            "hq",
            "sabotage",
        }
        assert faq_cards <= cards.keys()
        assert cards["227-pfund-bombe"].ability is not None
        assert cards["227-pfund-bombe"].ability.tw_cost is not None
        assert cards["227-pfund-bombe"].ability.tw_cost.value == 2
        assert cards["sabotage"].cost_modifiers[0].tw == 2

    def test_unknown_values_stay_unknown(self, real_corpus: Corpus) -> None:
        """No source states how many TW a base building produces, so no card states ``tw``."""
        assert all(card.tw is None for card in _hell_of_a_war_cards(real_corpus).values())

    def test_the_catalog_alone_loads_without_the_rest(self) -> None:
        """``load_cards`` reads only the cards folder (what ``rulebook adjudicate`` needs)."""
        cards = load_cards(REPOSITORY / "content", "hell-of-a-war")
        assert len(cards) >= 40
        assert cards == sorted(cards, key=lambda card: card.id)


class TestCommand:
    def test_cards_lists_the_catalog_as_json(self, capsys: pytest.CaptureFixture[str]) -> None:
        """`rulebook cards --game hell-of-a-war --json` prints every card with its facts and their entries."""
        assert main(["--content", str(REPOSITORY / "content"), "cards", "--game", "hell-of-a-war", "--json"]) == 0
        listed = {card["id"]: card for card in json.loads(capsys.readouterr().out)}
        assert listed["radarstation"]["ability"]["tw_cost"] == {"value": 2, "source": "how.227-pfund-bombe"}
        assert "tw" not in listed["radarstation"]

    def test_cards_as_text_names_each_entry(self, capsys: pytest.CaptureFixture[str]) -> None:
        """The text listing shows each fact with its entry in brackets and the count."""
        assert main(["--content", str(REPOSITORY / "content"), "cards", "--game", "hell-of-a-war"]) == 0
        out = capsys.readouterr().out
        assert "    ability.tw_cost: 2  [how.227-pfund-bombe]" in out
        assert "cost modifier: land-building +2 TW, while-unlocked (build phase)  [how.sabotage]" in out

    def test_an_unknown_game_is_an_error(self, capsys: pytest.CaptureFixture[str]) -> None:
        """A game without a catalog folder is refused with the games that have one."""
        assert main(["--content", str(REPOSITORY / "content"), "cards", "--game", "chess"]) == 1
        assert "unknown game 'chess'; with a card catalog: hell-of-a-war" in capsys.readouterr().err
