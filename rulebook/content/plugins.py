"""What a game adds to the generic layers: the declared content plug-in and the registry that finds it.

The generic layers (:mod:`rulebook.content`, :mod:`rulebook.site`, :mod:`rulebook.translation`,
:mod:`rulebook.adjudication` and :mod:`rulebook.cli`) name no game. A game that brings more than
entries, terms and worked examples — a card catalog, a command of its own — says so in its plug-in
module ``rulebook/games/<game>.py``, which exports ``CONTENT``: an instance of a subclass of
:class:`GameContent`, whose whole surface is declared here (class variables with documented
defaults, methods that add nothing until a game overrides them). :func:`game_contents` imports
every module of :mod:`rulebook.games`; mypy checks each against :class:`GameContentModule`, and
``tests/test_architecture.py`` keeps the generic layers from importing a plug-in or a game's
adjudicator package themselves.

>>> [content.game for content in game_contents()]
['hell-of-a-war', 'unconditional-surrender']
>>> game_content("hell-of-a-war").catalog_calculators, game_content("chess")
(frozenset({'stack'}), None)
"""

from __future__ import annotations

import argparse
import functools
import importlib
import pkgutil
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from adjudicator.errors import ScenarioError
from rulebook.content.model import CatalogCard, Stated

__all__ = ["PLUGIN_PACKAGE", "CardPage", "GameContent", "GameContentModule", "game_content", "game_contents"]

PLUGIN_PACKAGE = "rulebook.games"
"""The package whose modules are the games' content plug-ins, one module per game."""


@dataclass(frozen=True)
class CardPage:
    """What a catalog card's page shows, as the game chooses: its facts in order, and groups of facts of their own.

    Each fact is named by the scenario field it fills, so the page labels it with the calculator
    form's word for that field; ``None`` is a fact no entry states (the page says "unknown").
    """

    facts: list[tuple[str, Stated[Any] | None]]
    """Field name → the fact, in the order the page lists them."""
    groups: list[list[tuple[str, Stated[Any]]]] = field(default_factory=list)
    """Records of several facts, each shown as a table of its own (a card's cost modifiers)."""


class GameContent:
    """Base of a game's content plug-in: what the game adds to the generic layers.

    A subclass sets :attr:`game` and overrides what its game has; whatever it leaves keeps the
    default documented here, which adds nothing.
    """

    #: The game's id in ``content/games.yaml`` (the ``GAME`` its adjudicator package exports).
    game: ClassVar[str]

    #: The pydantic model of the game's catalog cards (``content/<game>/cards/<id>.yaml``), a
    #: subclass of :class:`~rulebook.content.model.CatalogCard` whose ``stated()`` and
    #: ``citations()`` say which facts a card holds and which entries they cite (the loader checks
    #: that each cited entry exists in the game). ``None``: the game has no card catalog, and the
    #: loader refuses a ``cards/`` folder in its content.
    card_model: ClassVar[type[CatalogCard] | None] = None

    #: The name ``rulebook schema`` prints the card model's JSON Schema under; unique among the games.
    card_schema: ClassVar[str] = "card"

    #: The calculators whose scenarios may name a card of this game's catalog by its id.
    catalog_calculators: ClassVar[frozenset[str]] = frozenset()

    def apply_catalog(
        self, calculator: str, data: dict[str, Any], cards: Mapping[str, CatalogCard]
    ) -> tuple[dict[str, Any], list[ScenarioError]]:
        """A scenario of one of :attr:`catalog_calculators` with the catalog's values filled in, and every
        card id it names that the catalog lacks. ``data`` itself stays as it is. Default: nothing to fill."""
        return data, []

    def card_page(self, card: CatalogCard) -> CardPage:
        """The facts a card's page shows. Default: every stated fact but the name (the page's title), by its
        field's own name."""
        return CardPage([(path.rpartition(".")[2], fact) for path, fact in card.stated().items() if path != "name"])

    def card_lines(self, card: CatalogCard) -> list[str]:
        """The lines ``rulebook cards`` prints under a card's id and name. Default: every stated fact but the
        name, with its entry in brackets."""
        lines = []
        for path, fact in card.stated().items():
            if path != "name":
                value = fact.value
                shown = (
                    ", ".join(str(getattr(item, "value", item)) for item in value)
                    if isinstance(value, list)
                    else getattr(value, "value", value)
                )
                lines.append(f"    {path}: {shown}  [{fact.source}]")
        return lines

    def add_commands(self, commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
        """Add the game's own ``rulebook`` commands, each with ``set_defaults(run=…)`` (a function of the parsed
        arguments returning the exit code, raising :class:`~rulebook.errors.RulebookError` for people).
        Default: none."""


class GameContentModule(Protocol):
    """What a plug-in module of :mod:`rulebook.games` exports (mypy checks each in ``tests/rulebook/content/``)."""

    @property
    def CONTENT(self) -> GameContent:
        """The game's plug-in."""
        ...


@functools.cache
def game_contents() -> tuple[GameContent, ...]:
    """Every game's content plug-in, in the order of their module names.

    A module of :data:`PLUGIN_PACKAGE` whose ``CONTENT`` is not a :class:`GameContent` is a ``TypeError``
    naming the module; two plug-ins of one game, or two card schemas of one name, a ``ValueError``.
    """
    package = importlib.import_module(PLUGIN_PACKAGE)
    found: list[GameContent] = []
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda module: module.name):
        module = importlib.import_module(f"{PLUGIN_PACKAGE}.{info.name}")
        content = module.CONTENT
        if not isinstance(content, GameContent):
            raise TypeError(f"{module.__name__}.CONTENT must be a GameContent (got {content!r})")
        found.append(content)
    games = [content.game for content in found]
    schemas = [content.card_schema for content in found if content.card_model is not None]
    for what, values in (("game", games), ("card_schema", schemas)):
        if len(set(values)) != len(values):
            raise ValueError(f"two game plug-ins declare the same {what}: {sorted(values)}")
    return tuple(found)


def game_content(game: str) -> GameContent | None:
    """The content plug-in of ``game`` (its id), or ``None`` when the game adds nothing to the generic layers."""
    return next((content for content in game_contents() if content.game == game), None)
