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

import copy
from collections.abc import Mapping
from typing import Any

from adjudicator.errors import ScenarioError
from adjudicator.meaning import ALL_GAMES, Kind
from rulebook.content.model import CatalogCard, Corpus, Example
from rulebook.content.plugins import GameContent, game_contents

__all__ = ["MEANING_KEY", "apply_catalog", "catalog_choices", "catalog_for", "catalog_game", "runnable_scenario"]

MEANING_KEY = "x-rulebook"
"""The JSON Schema extension that says what a field means (:meth:`adjudicator.meaning.Meaning.schema`)."""


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


def catalog_choices(schema: dict[str, Any], corpus: Corpus) -> dict[str, Any]:
    """``schema`` with the cards of each catalog its fields name as their choices (a copy; the schema is kept).

    A field that means a catalog card (:attr:`adjudicator.meaning.Kind.CATALOG`) gets every printed card of
    that game's catalog: its id, its printed name and, as ``fill``, what the catalog states of it as the
    scenario's card fields (:func:`apply_catalog`), so that a form writes a picked card whole.
    """
    found = copy.deepcopy(schema)

    def visit(node: Any) -> None:
        if isinstance(node, list):
            for item in node:
                visit(item)
            return
        if not isinstance(node, dict):
            return
        meaning = node.get(MEANING_KEY)
        if isinstance(meaning, dict) and meaning.get("kind") == Kind.CATALOG.value:
            meaning["choices"] = {ALL_GAMES: _catalog_cards(corpus, str(meaning.get("catalog")))}
        for value in node.values():
            visit(value)

    visit(found)
    return found


def _catalog_cards(corpus: Corpus, game: str) -> list[dict[str, Any]]:
    """Every printed card of ``game``'s catalog as a form's choice, by name."""
    content = next((content for content in game_contents() if content.game == game), None)
    if content is None or not content.catalog_calculators:
        return []
    cards = {card.id: card for card in corpus.cards if card.game == game}
    calculator = sorted(content.catalog_calculators)[0]
    choices = []
    for card_id in cards:
        merged, _ = content.apply_catalog(calculator, {"cards": [{"card": card_id}]}, cards)
        fill = {key: value for key, value in merged["cards"][0].items() if key != "card"}
        choices.append({"value": card_id, "label": str(fill.get("name", card_id)), "fill": fill})
    return sorted(choices, key=lambda choice: (choice["label"].casefold(), choice["value"]))
