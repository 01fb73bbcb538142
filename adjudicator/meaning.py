"""What a scenario field means to a player: the calculator forms pick their inputs by it.

A scenario's JSON Schema gives a field's *shape* (a mapping of strings to integers, a list of
strings), which does not say what a player sees. A field declares its meaning in its
dataclass metadata with :func:`means`, once, and the schema generator
(:func:`rulebook.adjudication.scenarios.scenario_schema`) writes it into the field's schema
as the extension ``x-rulebook`` (:meth:`Meaning.schema`). The page's form engine
(``web/calculator.js``) picks the widget from the kind and stays game-agnostic; the names
it shows are the choices' catalog words, rendered in the page's language.

- :attr:`Kind.UNIT_COUNTS`: a count per unit type — a grid of the game's unit types with
  − / + steppers and a number box.
- :attr:`Kind.UNIT_ORDER`: an ordered list of unit types — a reorderable list.
- :attr:`Kind.CHOICE_SET`: a set of choices (technologies) — chips that toggle.
- :attr:`Kind.CHOICE`: one of the named choices — a select with words.
- :attr:`Kind.GAME`: the field that says which game's rules apply; fields that declare
  ``games`` are shown only while it holds one of them.
- :attr:`Kind.REFERENCE` and :attr:`Kind.REFERENCES`: one or several items of a list elsewhere in
  the scenario, named by a key of theirs (``refers_to="players.name"``: a player entered above;
  ``"cards.id"``: a card on the table) — picked from what the scenario holds, shown by the keys of
  ``shown_by``.
- :attr:`Kind.CATALOG`: a printed card of the game's card catalog (``catalog`` names the game).
  The catalog is content, not code: the site's build adds its cards as the choices, each with the
  values it states (:func:`rulebook.adjudication.catalog.catalog_choices`).

Any field may also be an ``expert`` setting (method, runs, seed, thresholds, readings of an
ambiguous rule): the form puts those in one closed "More options" group. A ``filled`` field is
one the site fills in, never a player (which entry states each value of a catalog card): the form
does not ask it, the "Scenario as text" editor still holds it.

>>> from dataclasses import dataclass, field
>>> @dataclass(frozen=True)
... class Side:
...     units: dict[str, int] = field(
...         default_factory=dict,
...         metadata=means(Kind.UNIT_COUNTS, choices=lambda: {"*": (Choice("infantry", "infantry", 1, 2),)}),
...     )
>>> from dataclasses import fields
>>> fields(Side)[0].metadata[MEANING].schema()
{'kind': 'unit-counts', 'choices': {'*': [{'value': 'infantry', 'label': 'infantry', 'attack': 1, 'defence': 2}]}}
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["ALL_GAMES", "MEANING", "Choice", "Kind", "Meaning", "means"]

MEANING = "rulebook.meaning"
"""The key of a field's :class:`Meaning` in its dataclass metadata."""

ALL_GAMES = "*"
"""The key of :attr:`Meaning.choices` for choices that do not depend on the game."""


class Kind(enum.Enum):
    """What kind of value a field holds, as a player sees it."""

    UNIT_COUNTS = "unit-counts"
    UNIT_ORDER = "unit-order"
    CHOICE_SET = "choice-set"
    CHOICE = "choice"
    GAME = "game"
    REFERENCE = "reference"
    REFERENCES = "references"
    CATALOG = "catalog"
    PLAIN = "plain"
    """No widget of its own (the shape decides), only ``games`` or ``expert``."""


@dataclass(frozen=True)
class Choice:
    """One thing a player can pick: a unit type, a technology, a country."""

    value: str
    """What the scenario holds (``infantry``)."""
    label: str
    """Its name as a msgid of the adjudicator's catalog (an ``N_()`` word), shown in the page's language."""
    attack: int | None = None
    """A unit type's printed attack value, where the game prints one."""
    defence: int | None = None
    """A unit type's printed defence value, where the game prints one."""

    def schema(self) -> dict[str, Any]:
        """The choice as JSON: value and label, and the values a unit type has."""
        found: dict[str, Any] = {"value": self.value, "label": self.label}
        if self.attack is not None:
            found["attack"] = self.attack
        if self.defence is not None:
            found["defence"] = self.defence
        return found


@dataclass(frozen=True)
class Meaning:
    """What a field means (see the module docstring)."""

    kind: Kind
    choices: Callable[[], Mapping[str, tuple[Choice, ...]]] | None = None
    """The choices per game id (:data:`ALL_GAMES` for any game), made when the schema is made: a shared
    engine asks each game for its own without importing it."""
    games: tuple[str, ...] = ()
    """The games the field applies to (empty: every game of the scenario)."""
    expert: bool = False
    """A setting most players leave as it is: shown under "More options"."""
    refers_to: str | None = None
    """For a reference: ``<list field>.<key>`` of the scenario's top level whose values it names."""
    shown_by: tuple[str, ...] = ()
    """For a reference: the keys of the referred item that name it for a player, shown together (a card: its name
    and its owner)."""
    catalog: str | None = None
    """For a catalog card: the game whose card catalog it names."""
    filled: bool = False
    """The site fills it in (from the card catalog), never a player: the form does not ask it."""

    def schema(self) -> dict[str, Any]:
        """The ``x-rulebook`` extension of the field's JSON Schema."""
        found: dict[str, Any] = {"kind": self.kind.value}
        if self.refers_to is not None:
            found["refers_to"] = self.refers_to
        if self.shown_by:
            found["shown_by"] = list(self.shown_by)
        if self.catalog is not None:
            found["catalog"] = self.catalog
        if self.choices is not None:
            found["choices"] = {
                game: [choice.schema() for choice in choices] for game, choices in sorted(self.choices().items())
            }
        if self.games:
            found["games"] = list(self.games)
        if self.expert:
            found["expert"] = True
        if self.filled:
            found["filled"] = True
        return found


def means(
    kind: Kind = Kind.PLAIN,
    *,
    choices: Callable[[], Mapping[str, tuple[Choice, ...]]] | None = None,
    games: tuple[str, ...] = (),
    expert: bool = False,
    refers_to: str | None = None,
    shown_by: tuple[str, ...] = (),
    catalog: str | None = None,
    filled: bool = False,
) -> dict[str, Meaning]:
    """Dataclass field metadata declaring what the field means: ``field(metadata=means(…))``."""
    return {MEANING: Meaning(kind, choices, games, expert, refers_to, shown_by, catalog, filled)}
