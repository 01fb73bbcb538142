"""A game's card catalog merged into a scenario: the values a scenario leaves out, taken from the printed cards.

The adjudicator reads no files: a calculator that takes cards takes them as plain data. A scenario
of a calculator that a game's content plug-in lists in its
:attr:`~rulebook.content.plugins.GameContent.catalog_calculators` may name a printed card of that
game's catalog by its id and give only what the catalog leaves unknown or what it must override;
before the scenario is converted, :func:`apply_catalog` has the game's plug-in fill in every value
the catalog states and record which entry states each, so that the trace cites it. Other scenarios
come back as they are.

>>> catalog_game("stack"), catalog_game("battle")
('hell-of-a-war', None)
>>> apply_catalog("battle", {"cards": [{"card": "radarstation"}]}, {})
({'cards': [{'card': 'radarstation'}]}, [])
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from adjudicator.errors import ScenarioError
from rulebook.content.model import CatalogCard, Corpus, Example
from rulebook.content.plugins import GameContent, game_contents

__all__ = ["apply_catalog", "catalog_for", "catalog_game", "runnable_scenario"]


def _catalog_content(calculator: str) -> GameContent | None:
    """The plug-in of the game whose card catalog ``calculator``'s scenarios may name, if any."""
    return next((content for content in game_contents() if calculator in content.catalog_calculators), None)


def catalog_game(calculator: str) -> str | None:
    """The game whose card catalog ``calculator``'s scenarios may name (``None`` when they name no card)."""
    content = _catalog_content(calculator)
    return content.game if content is not None else None


def catalog_for(corpus: Corpus, calculator: str) -> dict[str, CatalogCard]:
    """The catalog cards a ``calculator``'s scenarios may name, by id (empty when it takes none)."""
    game = catalog_game(calculator)
    return {card.id: card for card in corpus.cards if card.game == game}


def apply_catalog(
    calculator: str, data: dict[str, Any], cards: Mapping[str, CatalogCard]
) -> tuple[dict[str, Any], list[ScenarioError]]:
    """``data`` with the catalog's values filled in, and every catalog id it names that does not exist.

    Only a calculator of a game's ``catalog_calculators`` reads the catalog; other scenarios come back as they are.
    """
    content = _catalog_content(calculator)
    if content is None:
        return data, []
    return content.apply_catalog(calculator, data, cards)


def runnable_scenario(example: Example, corpus: Corpus) -> dict[str, Any]:
    """The example's scenario with the catalog's values filled in: what runs, on the command line and in the page."""
    merged, _ = apply_catalog(example.calculator, example.scenario, catalog_for(corpus, example.calculator))
    return merged
