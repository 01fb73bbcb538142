"""Hell of a War's content plug-in: its card catalog's models, how a stack scenario takes them, their pages.

The cards (``content/hell-of-a-war/cards/<id>.yaml``) hold only what the FAQ
(``001_6dfd36dc833f0c3c.txt``, entries ``how.*``) states about each printed card; their kinds,
target owners, special texts and cost conditions are the stack calculator's own vocabulary
(:mod:`adjudicator.hell_of_a_war.vocabulary`), so a catalog value is the value a scenario takes.

The action stack (``adjudicator/hell_of_a_war/action_stack.py``) takes its cards as plain data;
the adjudicator reads no files. A ``stack`` scenario may name a printed card by its catalog id
(``card: radarstation`` on a card of ``cards``) and give only what the catalog leaves unknown or
what it must override. :meth:`HellOfAWarContent.apply_catalog` fills in, before the scenario is
converted, every value the catalog states and the scenario does not give — the card's name, type,
TW, play cost, unit type, special text, assembly, legal targets and target owner, its cost
modifiers (each with its entry), and on each declaration of that card its ability's effect, TW
cost, lock, sacrifice and cards drawn — and records under ``sources`` which entry states each
value, so that the trace cites it. A value the scenario gives wins; a value no entry states stays
the scenario's to give.

>>> radar = Card.model_validate({"id": "radarstation", "game": "hell-of-a-war",
...     "name": {"value": "Radarstation", "source": "how.227-pfund-bombe"},
...     "ability": {"tw_cost": {"value": 2, "source": "how.227-pfund-bombe"}}})
>>> merged, problems = CONTENT.apply_catalog("stack", {"cards": [{"id": "r", "card": "radarstation"}],
...     "stack": [{"card": "r", "tw_cost": 3}]}, {"radarstation": radar})
>>> merged["cards"][0]["name"], merged["cards"][0]["sources"], merged["stack"][0]
('Radarstation', {'name': 'how.227-pfund-bombe'}, {'card': 'r', 'tw_cost': 3})
>>> problems
[]
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from enum import Enum
from typing import Any, ClassVar

from pydantic import Field

from adjudicator.errors import ScenarioError
from adjudicator.hell_of_a_war import GAME
from adjudicator.hell_of_a_war.vocabulary import CardKind, ModifierCondition, Special
from adjudicator.hell_of_a_war.vocabulary import TargetOwner as AdjudicatorTargetOwner
from rulebook.content.model import CatalogCard, ContentModel, EntryId, Stated
from rulebook.content.plugins import CardPage, GameContent

__all__ = [
    "CONTENT",
    "Card",
    "CardAbility",
    "CardEffect",
    "CardSpecial",
    "CardType",
    "CostModifier",
    "CostModifierWhen",
    "HellOfAWarContent",
    "TargetOwner",
]

CardType = CardKind
"""The printed kind of a Hell of a War card (``how.kartenarten``): the stack calculator's own vocabulary, so a
catalog card's type is the value a stack scenario takes."""


class CardEffect(str, Enum):
    """What a card's ability does when it resolves; the values are the stack calculator's ``effect``."""

    DESTROY = "destroy"
    LOCK = "lock"
    UNLOCK = "unlock"
    COUNTER = "counter"
    COUNTER_EFFECT = "counter-effect"
    DISCARD = "discard"
    DRAW = "draw"
    OTHER = "other"


TargetOwner = AdjudicatorTargetOwner
"""Whose cards an ability may target: the stack calculator's own vocabulary."""

CardSpecial = Special
"""A card text whose rule the stack calculator applies (its ``special``): the calculator's own vocabulary."""

CostModifierWhen = ModifierCondition
"""When a card makes other cards dearer: the stack calculator's own vocabulary."""


class CostModifier(ContentModel):
    """How a card changes what other cards cost, as an entry states it."""

    applies_to: CardType
    """The kind of card that becomes dearer."""
    tw: int
    """TW added to its cost."""
    when: CostModifierWhen
    """Under which condition."""
    phase: str | None = None
    """The phase it works in, as the stack calculator names phases (``build``, ``base-building``)."""
    source: EntryId
    """The entry that states it."""


class CardAbility(ContentModel):
    """A card's ability as far as the sources state it; a field left out is not stated and must be given in a
    scenario."""

    effect: Stated[CardEffect] | None = None
    """What it does when it resolves."""
    tw_cost: Stated[int] | None = None
    """TW the ability costs (description field)."""
    lock: Stated[bool] | None = None
    """Whether using it locks the card (a "Sperren:" ability)."""
    sacrifice: Stated[bool] | None = None
    """Whether the card is sacrificed after the effect."""
    amount: Stated[int] | None = None
    """Cards drawn (effect ``draw``)."""
    legal_targets: Stated[list[CardType]] | None = None
    """The kinds of card it may target."""
    target_owner: Stated[TargetOwner] | None = None
    """Whose cards it may target."""


class Card(CatalogCard):
    """A printed Hell of a War card, holding only what the sources state (``content/<game>/cards/<id>.yaml``).

    Every fact names the entry it comes from; what no entry states is left out (unknown), and a
    scenario that needs it gives it. Names stay as printed (language-neutral), so a card has no
    translatable text.
    """

    type: Stated[CardType] | None = None
    """The card kind."""
    tw: Stated[int] | None = None
    """TW it produces when locked for them (the large TW symbol)."""
    play_cost: Stated[int] | None = None
    """TW in the small grey box: what playing or building it costs."""
    unit_type: Stated[str] | None = None
    """For a unit: the sub-type an assembly makes cheaper, as the stack calculator names it."""
    special: Stated[CardSpecial] | None = None
    """A card text whose rule the stack calculator applies."""
    assembly_for: Stated[str] | None = None
    """For an assembly: the unit sub-type it makes cheaper."""
    ability: CardAbility | None = None
    """Its ability, as far as stated."""
    cost_modifiers: list[CostModifier] = Field(default_factory=list)
    """How it makes other cards dearer."""

    def stated(self) -> dict[str, Stated[Any]]:
        """Every stated fact by field path (``name``, ``ability.tw_cost``, …)."""
        facts = super().stated()
        if self.ability is not None:
            for name in CardAbility.model_fields:
                value = getattr(self.ability, name)
                if value is not None:
                    facts[f"ability.{name}"] = value
        return facts

    def citations(self) -> list[tuple[str, str]]:
        """Every field path with the entry it cites: the stated facts, and each cost modifier's entry."""
        cited = super().citations()
        cited += [(f"cost_modifiers.{index}", modifier.source) for index, modifier in enumerate(self.cost_modifiers)]
        return cited


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

_PAGE_FIELDS: tuple[tuple[str, str], ...] = (
    ("type", "kind"),
    ("tw", "tw"),
    ("play_cost", "play_cost"),
    ("special", "special"),
)
"""Fact → the stack scenario's field it is labelled as; each is shown on every card's page, known or not."""

_PAGE_ABILITY_FIELDS: tuple[tuple[str, str], ...] = (
    ("effect", "effect"),
    ("tw_cost", "tw_cost"),
    ("lock", "lock"),
    ("sacrifice", "sacrifice"),
    ("legal_targets", "legal_targets"),
    ("target_owner", "target_owner"),
)
"""The ability's facts, shown on every card's page, known or not."""


class HellOfAWarContent(GameContent):
    """Hell of a War's card catalog: its model, its merge into ``stack`` scenarios, its pages and listing."""

    game: ClassVar[str] = GAME
    card_model: ClassVar[type[CatalogCard] | None] = Card
    catalog_calculators: ClassVar[frozenset[str]] = frozenset({"stack"})

    def apply_catalog(
        self, calculator: str, data: dict[str, Any], cards: Mapping[str, CatalogCard]
    ) -> tuple[dict[str, Any], list[ScenarioError]]:
        """``data`` with the catalog's values filled in, and every catalog id it names that does not exist."""
        if calculator not in self.catalog_calculators or not isinstance(data.get("cards"), list):
            return data, []
        merged = copy.deepcopy(data)
        problems: list[ScenarioError] = []
        abilities: dict[str, CatalogCard] = {}
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
            _fill_card(item, printed)
            if isinstance(item.get("id"), str):
                abilities[item["id"]] = printed
        for declaration in merged.get("stack") or []:
            if isinstance(declaration, dict) and declaration.get("card") in abilities:
                _fill_declaration(declaration, abilities[declaration["card"]])
        return merged, problems

    def card_page(self, card: CatalogCard) -> CardPage:
        """Every card shows its kind, TW, play cost, special text and ability, known or not; a unit its unit type,
        an assembly what it is for, a card that draws how many; each cost modifier as a group of its own."""
        assert isinstance(card, Card)
        ability = card.ability or CardAbility()
        facts: list[tuple[str, Stated[Any] | None]] = [(field, getattr(card, name)) for name, field in _PAGE_FIELDS]
        kind = getattr(card.type.value, "value", None) if card.type else None
        if kind == "unit" or card.unit_type is not None:
            facts.append(("unit_type", card.unit_type))
        if card.assembly_for is not None or (card.special is not None and card.special.value.value == "assembly"):
            facts.append(("assembly_for", card.assembly_for))
        facts.extend((field, getattr(ability, name)) for name, field in _PAGE_ABILITY_FIELDS)
        if ability.amount is not None or (ability.effect is not None and ability.effect.value.value == "draw"):
            facts.append(("amount", ability.amount))
        groups = [
            [
                (field, Stated[Any](value=getattr(modifier, field), source=modifier.source))
                for field in ("applies_to", "tw", "when", "phase")
                if getattr(modifier, field) is not None
            ]
            for modifier in card.cost_modifiers
        ]
        return CardPage(facts, groups)

    def card_lines(self, card: CatalogCard) -> list[str]:
        """Every stated fact with its entry, then each cost modifier with its own."""
        assert isinstance(card, Card)
        return super().card_lines(card) + [
            f"    cost modifier: {modifier.applies_to.value} +{modifier.tw} TW, {modifier.when.value}"
            f"{f' ({modifier.phase} phase)' if modifier.phase else ''}  [{modifier.source}]"
            for modifier in card.cost_modifiers
        ]


def _fill_card(item: dict[str, Any], printed: CatalogCard) -> None:
    """A scenario card naming ``printed``: every value the catalog states and the card does not give, with its entry."""
    facts = printed.stated()
    sources = dict(item.get("sources") or {})
    for fact, field_name in _CARD_FIELDS.items():
        if fact in facts and field_name not in item:
            item[field_name] = _plain(facts[fact].value)
            sources[field_name] = facts[fact].source
    if isinstance(printed, Card) and printed.cost_modifiers and "cost_modifiers" not in item:
        # Each modifier carries its own entry (``source``), which the trace cites when it applies.
        item["cost_modifiers"] = [
            {key: _plain(value) for key, value in modifier.model_dump(exclude_none=True).items()}
            for modifier in printed.cost_modifiers
        ]
    if sources:
        item["sources"] = sources


def _fill_declaration(declaration: dict[str, Any], printed: CatalogCard) -> None:
    """A declaration of a catalog card's ability: its effect, TW cost, lock, sacrifice and draw, with their entries."""
    facts = printed.stated()
    effect = declaration.get("effect", facts["ability.effect"].value if "ability.effect" in facts else None)
    if _plain(effect) not in _ABILITY_EFFECTS:
        return  # producing TW, building, upgrading: the ability's cost, lock and sacrifice do not apply
    sources = dict(declaration.get("sources") or {})
    for fact, field_name in _DECLARATION_FIELDS.items():
        if fact in facts and field_name not in declaration:
            declaration[field_name] = _plain(facts[fact].value)
            sources[field_name] = facts[fact].source
    if sources:
        declaration["sources"] = sources


def _plain(value: Any) -> Any:
    """An enum value (or a list of them) as its plain value."""
    if isinstance(value, list):
        return [_plain(item) for item in value]
    return getattr(value, "value", value)


CONTENT: GameContent = HellOfAWarContent()
"""The plug-in :func:`rulebook.content.plugins.game_contents` finds."""
