"""The card catalog on the site: one page per printed card and language, and a catalog page per game.

A card page (``<game>/cards/<id>.md``) shows the name as printed (German, marked
``lang="de"``), and every fact of the card (``content/<game>/cards/<id>.yaml``) with the entry that
states it, linked; a fact no entry states reads "unknown" (a scenario must give it). Field names and
choices are the stack calculator's, labelled with the calculator forms' words of the page's language
(:class:`rulebook.adjudication.forms.FormLabels`), so a card page and the stack form use the same words.
Each entry page lists, as "Cards", the cards whose facts it states (:func:`cards_stated_by`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal

from rulebook.adjudication.forms import FormLabels, field_label
from rulebook.content.model import Card, CardAbility, Language, Stated, in_language
from rulebook.site.urls import relative_link
from rulebook.site.views import Link, SiteIndex

__all__ = ["CardFact", "CardView", "card_path", "card_view", "cards_index_path", "cards_stated_by", "catalog_view"]

ValueKind = Literal["text", "code", "yes", "no", "unknown"]


def card_path(card: Card) -> str:
    """The page of a catalog card.

    >>> card_path(Card.model_validate({"id": "hq", "game": "hell-of-a-war",
    ...     "name": {"value": "HQ", "source": "how.hq"}}))
    'hell-of-a-war/cards/hq.md'
    """
    return f"{card.game}/cards/{card.id}.md"


def cards_index_path(game_id: str) -> str:
    """The page listing a game's catalog cards."""
    return f"{game_id}/cards/index.md"


@dataclass(frozen=True)
class CardFact:
    """One field of a card as its page shows it."""

    label: str
    """The field's label in the page's language (the stack form's)."""
    value: str
    """The value in the page's language; empty for ``yes``, ``no`` and ``unknown``, which the template words."""
    kind: ValueKind
    source: Link | None
    """The entry that states it; none when unknown."""


@dataclass(frozen=True)
class CardView:
    card: Card
    title: str
    """The name as printed."""
    facts: list[CardFact]
    modifiers: list[list[CardFact]]
    """Each cost modifier as its own group of facts."""
    catalog_href: str
    game_name: str


_CARD_FIELDS: tuple[tuple[str, str], ...] = (
    ("type", "kind"),
    ("tw", "tw"),
    ("play_cost", "play_cost"),
    ("special", "special"),
)
"""Fact → the stack scenario's field it is labelled as; each is shown on every card, known or not."""

_ABILITY_FIELDS: tuple[tuple[str, str], ...] = (
    ("effect", "effect"),
    ("tw_cost", "tw_cost"),
    ("lock", "lock"),
    ("sacrifice", "sacrifice"),
    ("legal_targets", "legal_targets"),
    ("target_owner", "target_owner"),
)
"""The ability's facts, shown on every card, known or not."""


def _label(labels: FormLabels, name: str) -> str:
    return labels.field(name) or field_label(name)


def _value(labels: FormLabels, field: str, value: Any) -> tuple[str, ValueKind]:
    plain = getattr(value, "value", value)
    if isinstance(plain, bool):
        return "", "yes" if plain else "no"
    if isinstance(plain, int):
        return str(plain), "text"
    if isinstance(plain, list):
        words = [_value(labels, field, item) for item in plain]
        return ", ".join(word for word, _ in words), "text" if all(k == "text" for _, k in words) else "code"
    word = labels.choice(str(plain), field)
    return (word, "text") if word is not None else (str(plain), "code")


def _fact(site: SiteIndex, labels: FormLabels, lang: Language, path: str, field: str, stated: Any) -> CardFact:
    if stated is None:
        return CardFact(_label(labels, field), "", "unknown", None)
    value, kind = _value(labels, field, stated.value)
    entry = site.entries.get(stated.source)
    source = site.entry_link(entry, lang, path) if entry is not None else None
    return CardFact(_label(labels, field), value, kind, source)


def card_view(site: SiteIndex, card: Card, lang: Language, labels: FormLabels) -> CardView:
    """What a card's page shows in ``lang``: every fact with its entry, ``unknown`` where none states it."""
    path = card_path(card)
    ability = card.ability or CardAbility()
    facts = [_fact(site, labels, lang, path, field, getattr(card, name)) for name, field in _CARD_FIELDS]
    kind = getattr(card.type.value, "value", None) if card.type else None
    if kind == "unit" or card.unit_type is not None:
        facts.append(_fact(site, labels, lang, path, "unit_type", card.unit_type))
    if card.assembly_for is not None or (card.special is not None and card.special.value.value == "assembly"):
        facts.append(_fact(site, labels, lang, path, "assembly_for", card.assembly_for))
    facts.extend(_fact(site, labels, lang, path, field, getattr(ability, name)) for name, field in _ABILITY_FIELDS)
    if ability.amount is not None or (ability.effect is not None and ability.effect.value.value == "draw"):
        facts.append(_fact(site, labels, lang, path, "amount", ability.amount))
    modifiers = [
        [
            _fact(site, labels, lang, path, field, Stated[Any](value=getattr(modifier, field), source=modifier.source))
            for field in ("applies_to", "tw", "when", "phase")
            if getattr(modifier, field) is not None
        ]
        for modifier in card.cost_modifiers
    ]
    game = site.games[card.game]
    return CardView(
        card=card,
        title=card.name.value,
        facts=facts,
        modifiers=modifiers,
        catalog_href=relative_link(path, cards_index_path(card.game)),
        game_name=in_language(game.name, lang),
    )


def catalog_view(site: SiteIndex, game_id: str, cards: Iterable[Card], lang: Language) -> list[Link]:
    """The catalog page's list: each card of the game by its printed name, linked."""
    path = cards_index_path(game_id)
    return [
        Link(card.name.value, relative_link(path, card_path(card)))
        for card in sorted(cards, key=lambda card: card.name.value.casefold())
        if card.game == game_id
    ]


def cards_stated_by(cards: Iterable[Card]) -> dict[str, list[Card]]:
    """Entry id → the cards with a fact that entry states, by printed name."""
    by_entry: dict[str, dict[str, Card]] = defaultdict(dict)
    for card in cards:
        sources = {stated.source for stated in card.stated().values()}
        sources.update(modifier.source for modifier in card.cost_modifiers)
        for entry_id in sources:
            by_entry[entry_id][card.id] = card
    return {
        entry_id: sorted(found.values(), key=lambda card: card.name.value.casefold())
        for entry_id, found in by_entry.items()
    }
