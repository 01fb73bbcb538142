"""A game's card catalog merged into a scenario: the values a scenario leaves out, taken from the printed cards.

The Hell of a War action stack (``adjudicator/hell_of_a_war/action_stack.py``) takes its cards as
plain data; the adjudicator reads no files. A scenario may name a printed card by its catalog id
(``card: radarstation`` on a card of ``cards``, see ``content/hell-of-a-war/cards/``) and give only
what the catalog leaves unknown or what it must override. :func:`apply_catalog` fills in, before
the scenario is converted, every value the catalog states and the scenario does not give — the
card's name, type, TW, play cost, unit type, special text, assembly, legal targets and target
owner, its cost modifiers (each with its entry), and on each declaration of that card its
ability's effect, TW cost, lock, sacrifice and cards drawn — and records under ``sources`` which
entry states each value, so that the trace cites it. A value the scenario gives wins; a value no
entry states stays the scenario's to give.

>>> from rulebook.content.model import Card
>>> radar = Card.model_validate({"id": "radarstation", "game": "hell-of-a-war",
...     "name": {"value": "Radarstation", "source": "how.227-pfund-bombe"},
...     "ability": {"tw_cost": {"value": 2, "source": "how.227-pfund-bombe"}}})
>>> merged, problems = apply_catalog("stack", {"cards": [{"id": "r", "card": "radarstation"}],
...     "stack": [{"card": "r", "tw_cost": 3}]}, {"radarstation": radar})
>>> merged["cards"][0]["name"], merged["cards"][0]["sources"], merged["stack"][0]
('Radarstation', {'name': 'how.227-pfund-bombe'}, {'card': 'r', 'tw_cost': 3})
>>> problems
[]
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from adjudicator.errors import ScenarioError
from adjudicator.meaning import ALL_GAMES, Kind
from rulebook.content.model import Card, CardEffect, Corpus, Example

__all__ = ["CATALOG_GAMES", "MEANING_KEY", "apply_catalog", "catalog_choices", "catalog_for", "runnable_scenario"]

MEANING_KEY = "x-rulebook"
"""The JSON Schema extension that says what a field means (:meth:`adjudicator.meaning.Meaning.schema`)."""

CATALOG_GAMES = {"stack": "hell-of-a-war"}
"""Calculator → the game whose card catalog its scenarios may name."""

_CARD_FIELDS = {
    "name": "name",
    "type": "kind",
    "tw": "tw",
    "play_cost": "play_cost",
    "unit_type": "unit_type",
    "special": "special",
    "assembly_for": "assembly_for",
    "ability.legal_targets": "legal_targets",
    "ability.target_owner": "target_owner",
}
"""Catalog fact → the scenario's card field it fills."""

_DECLARATION_FIELDS = {
    "ability.effect": "effect",
    "ability.tw_cost": "tw_cost",
    "ability.lock": "lock",
    "ability.sacrifice": "sacrifice",
    "ability.amount": "amount",
}
"""Catalog fact → the field it fills on a declaration of the card."""

_ABILITY_EFFECTS = frozenset(effect.value for effect in CardEffect)
"""The effects that use a card's ability: only their declarations take the ability's values."""


def catalog_for(corpus: Corpus, calculator: str) -> dict[str, Card]:
    """The catalog cards a ``calculator``'s scenarios may name, by id (empty when it takes none)."""
    game = CATALOG_GAMES.get(calculator)
    return {card.id: card for card in corpus.cards if card.game == game}


def apply_catalog(
    calculator: str, data: dict[str, Any], cards: Mapping[str, Card]
) -> tuple[dict[str, Any], list[ScenarioError]]:
    """``data`` with the catalog's values filled in, and every catalog id it names that does not exist.

    Only a calculator of :data:`CATALOG_GAMES` reads the catalog; other scenarios come back as they are.
    """
    if calculator not in CATALOG_GAMES or not isinstance(data.get("cards"), list):
        return data, []
    merged = copy.deepcopy(data)
    problems: list[ScenarioError] = []
    abilities: dict[str, Card] = {}
    for index, item in enumerate(merged["cards"]):
        if not isinstance(item, dict) or "card" not in item:
            continue
        printed = cards.get(str(item["card"]))
        if printed is None:
            known = ", ".join(sorted(cards)) or "none"
            problems.append(
                ScenarioError(
                    f"cards.{index}.card",
                    f"must be the id of a card of the card catalog (known: {known})",
                    item["card"],
                )
            )
            continue
        facts = printed.stated()
        sources = dict(item.get("sources") or {})
        for fact, field_name in _CARD_FIELDS.items():
            if fact in facts and field_name not in item:
                value = facts[fact].value
                item[field_name] = _plain(value)
                sources[field_name] = facts[fact].source
        if printed.cost_modifiers and "cost_modifiers" not in item:
            # Each modifier carries its own entry (``source``), which the trace cites when it applies.
            item["cost_modifiers"] = [
                {key: _plain(value) for key, value in modifier.model_dump(exclude_none=True).items()}
                for modifier in printed.cost_modifiers
            ]
        if sources:
            item["sources"] = sources
        if isinstance(item.get("id"), str):
            abilities[item["id"]] = printed
    for declaration in merged.get("stack") or []:
        if not isinstance(declaration, dict) or declaration.get("card") not in abilities:
            continue
        facts = abilities[declaration["card"]].stated()
        effect = declaration.get("effect", facts["ability.effect"].value if "ability.effect" in facts else None)
        if _plain(effect) not in _ABILITY_EFFECTS:
            continue  # producing TW, building, upgrading: the ability's cost, lock and sacrifice do not apply
        sources = dict(declaration.get("sources") or {})
        for fact, field_name in _DECLARATION_FIELDS.items():
            if fact in facts and field_name not in declaration:
                declaration[field_name] = _plain(facts[fact].value)
                sources[field_name] = facts[fact].source
        if sources:
            declaration["sources"] = sources
    return merged, problems


def _plain(value: Any) -> Any:
    """An enum value (or a list of them) as its plain value."""
    if isinstance(value, list):
        return [_plain(item) for item in value]
    return getattr(value, "value", value)


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
    cards = {card.id: card for card in corpus.cards if card.game == game}
    choices = []
    for card_id in cards:
        merged, _ = apply_catalog(next(iter(CATALOG_GAMES)), {"cards": [{"card": card_id}]}, cards)
        fill = {key: value for key, value in merged["cards"][0].items() if key != "card"}
        choices.append({"value": card_id, "label": str(fill.get("name", card_id)), "fill": fill})
    return sorted(choices, key=lambda choice: (choice["label"].casefold(), choice["value"]))
