"""The games' content plug-ins (``rulebook/content/plugins.py``, ``rulebook/games/``): declared, found, checked."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import pytest

import adjudicator.hell_of_a_war
import adjudicator.unconditional_surrender
import rulebook.games.hell_of_a_war
import rulebook.games.unconditional_surrender
from rulebook.content import plugins
from rulebook.content.model import CatalogCard, Corpus
from rulebook.content.plugins import CardPage, GameContent, GameContentModule, game_content, game_contents
from tests.conftest import REPOSITORY

# mypy checks each plug-in module against the declared exports.
_HELL_OF_A_WAR: GameContentModule = rulebook.games.hell_of_a_war
_UNCONDITIONAL_SURRENDER: GameContentModule = rulebook.games.unconditional_surrender


class TestRegistry:
    def test_every_module_of_rulebook_games_is_a_plug_in(self) -> None:
        """The registry finds one plug-in per module of ``rulebook/games/``, in the order of the module names."""
        modules = sorted(
            path.stem for path in (REPOSITORY / "rulebook" / "games").glob("*.py") if path.stem != "__init__"
        )
        assert [type(content).__module__.rpartition(".")[2] for content in game_contents()] == modules
        assert game_content("hell-of-a-war") is rulebook.games.hell_of_a_war.CONTENT
        assert game_content("strategic-europe") is None

    def test_each_plug_in_is_of_a_game_of_the_content(self, real_corpus: Corpus) -> None:
        """A plug-in's game is a game of ``content/games.yaml``, the id its adjudicator package exports."""
        assert {content.game for content in game_contents()} <= {game.id for game in real_corpus.games}
        assert rulebook.games.hell_of_a_war.CONTENT.game == adjudicator.hell_of_a_war.GAME
        assert rulebook.games.unconditional_surrender.CONTENT.game == adjudicator.unconditional_surrender.GAME

    def test_a_module_without_a_game_content_is_refused(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        """A plug-in module whose ``CONTENT`` is not a :class:`GameContent` is an error naming the module."""
        package = tmp_path / "someplugins"
        package.mkdir()
        (package / "__init__.py").write_text("", encoding="utf-8")
        (package / "chess.py").write_text("CONTENT = 'chess'\n", encoding="utf-8")
        monkeypatch.syspath_prepend(str(tmp_path))
        monkeypatch.setattr(plugins, "PLUGIN_PACKAGE", "someplugins")
        try:
            with pytest.raises(TypeError, match=r"someplugins\.chess\.CONTENT must be a GameContent \(got 'chess'\)"):
                game_contents.__wrapped__()
        finally:
            for name in ("someplugins", "someplugins.chess"):
                sys.modules.pop(name, None)


class TestDefaults:
    """A game overrides only what it has; every hook's default adds nothing."""

    CARD = CatalogCard.model_validate({"id": "hq", "game": "chess", "name": {"value": "HQ", "source": "c.hq"}})

    def test_a_game_adds_no_catalog_and_no_command_by_default(self) -> None:
        """No card model, no calculator that reads a catalog, a scenario returned as it is, no command."""
        default = GameContent()
        data = {"cards": [{"card": "hq"}]}
        assert (default.card_model, default.catalog_calculators) == (None, frozenset())
        assert default.apply_catalog("stack", data, {"hq": self.CARD}) == (data, [])
        commands = argparse.ArgumentParser().add_subparsers()
        default.add_commands(commands)
        assert commands.choices == {}

    def test_a_card_shows_and_lists_its_stated_facts_by_default(self) -> None:
        """The page lists every stated fact but the name (the title); the listing gives each with its entry."""
        card = rulebook.games.hell_of_a_war.Card.model_validate(
            {
                "id": "hq",
                "game": "hell-of-a-war",
                "name": {"value": "HQ", "source": "how.hq"},
                "type": {"value": "base-building", "source": "how.hq"},
                "ability": {"tw_cost": {"value": 2, "source": "how.kosten"}},
            }
        )
        assert card.type is not None and card.ability is not None
        assert GameContent().card_page(card) == CardPage([("type", card.type), ("tw_cost", card.ability.tw_cost)])
        assert GameContent().card_lines(card) == [
            "    type: base-building  [how.hq]",
            "    ability.tw_cost: 2  [how.kosten]",
        ]
        assert (GameContent().card_page(self.CARD), GameContent().card_lines(self.CARD)) == (CardPage([]), [])
        assert self.CARD.citations() == [("name", "c.hq")]
