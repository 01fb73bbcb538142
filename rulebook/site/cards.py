"""The card catalog on the site: one page per printed card and language, and a catalog page per game.

A card page (``<game>/cards/<id>.md``) shows the name as printed (German, marked
``lang="de"``), and every fact of the card (``content/<game>/cards/<id>.yaml``) with the entry that
states it, linked; a fact no entry states reads "unknown" (a scenario must give it). Which facts a
card shows is its game's (:meth:`rulebook.content.plugins.GameContent.card_page`); field names and
choices are those of the calculator that takes the cards, labelled with the calculator forms' words
of the page's language (:class:`rulebook.adjudication.forms.FormLabels`), so a card page and the
calculator's form use the same words.
Each entry page lists, as "Cards", the cards whose facts it states (:func:`cards_stated_by`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal

from rulebook.adjudication.forms import FormLabels, field_label
from rulebook.content.model import CatalogCard, Language, in_language
from rulebook.content.plugins import GameContent, game_content
from rulebook.site.urls import relative_link
from rulebook.site.views import Link, SiteIndex

__all__ = ["CardFact", "CardView", "card_path", "card_view", "cards_index_path", "cards_stated_by", "catalog_view"]

ValueKind = Literal["text", "code", "yes", "no", "unknown"]


def card_path(card: CatalogCard) -> str:
    """The page of a catalog card.

    >>> card_path(CatalogCard.model_validate({"id": "hq", "game": "hell-of-a-war",
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
    card: CatalogCard
    title: str
    """The name as printed."""
    facts: list[CardFact]
    modifiers: list[list[CardFact]]
    """Each cost modifier as its own group of facts."""
    catalog_href: str
    game_name: str


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


def card_view(site: SiteIndex, card: CatalogCard, lang: Language, labels: FormLabels) -> CardView:
    """What a card's page shows in ``lang``: every fact with its entry, ``unknown`` where none states it."""
    path = card_path(card)
    page = (game_content(card.game) or GameContent()).card_page(card)
    facts = [_fact(site, labels, lang, path, field, stated) for field, stated in page.facts]
    modifiers = [[_fact(site, labels, lang, path, field, stated) for field, stated in group] for group in page.groups]
    game = site.games[card.game]
    return CardView(
        card=card,
        title=card.name.value,
        facts=facts,
        modifiers=modifiers,
        catalog_href=relative_link(path, cards_index_path(card.game)),
        game_name=in_language(game.name, lang),
    )


def catalog_view(site: SiteIndex, game_id: str, cards: Iterable[CatalogCard], lang: Language) -> list[Link]:
    """The catalog page's list: each card of the game by its printed name, linked."""
    path = cards_index_path(game_id)
    return [
        Link(card.name.value, relative_link(path, card_path(card)))
        for card in sorted(cards, key=lambda card: card.name.value.casefold())
        if card.game == game_id
    ]


def cards_stated_by(cards: Iterable[CatalogCard]) -> dict[str, list[CatalogCard]]:
    """Entry id → the cards with a fact that entry states, by printed name."""
    by_entry: dict[str, dict[str, CatalogCard]] = defaultdict(dict)
    for card in cards:
        for entry_id in {source for _, source in card.citations()}:
            by_entry[entry_id][card.id] = card
    return {
        entry_id: sorted(found.values(), key=lambda card: card.name.value.casefold())
        for entry_id, found in by_entry.items()
    }
