"""Hell of a War: the vocabulary of cards, zones, phases and players the HoW calculators share, and their checks.

Game ``hell-of-a-war``, source ``001_6dfd36dc833f0c3c.txt`` (the HoW FAQ). What a
card is and where it can lie follows these entries:

- ``how.kartenarten`` — the card kinds (country, base building, land building,
  action card, unit, upgrade);
- ``how.spielzonen``, ``how.basiszone``, ``how.aufmarschzone``,
  ``how.laenderzone``, ``how.depot``, ``how.schrottplatz``, ``how.handkarten``
  — the zones; ``how.spiel`` — what "in play" means (base zone, deployment
  zone, country zone);
- ``how.sperren-entsperren`` — locked and unlocked; only cards in play lie
  lengthwise or crosswise;
- ``how.technologiewerte``, ``how.basisausbaukarten``,
  ``how.landausbaukarten`` — the TW a card produces when it is locked;
- ``how.phasen`` — the phases of a round;
- ``how.feuerwehr``, ``how.blitzangriff``, ``how.montagen`` (with
  ``how.kaserne`` and ``how.werft``) — the card texts whose rules the
  calculators apply (:class:`Special`);
- ``how.bunkerknacker``, ``how.kaserne`` — rulings on a printed card by its title
  (:data:`NAMED_CARD_RULINGS`).

>>> radar = Card(id="radar", name="Radarstation", owner="Anna", kind=CardKind.BASE_BUILDING,
...              zone=Zone.BASE_ZONE, tw=1)
>>> radar.in_play
True
>>> try:
...     Card(id="x", name="Blitzangriff", owner="Anna", kind=CardKind.ACTION_CARD, zone=Zone.HAND, locked=True)
... except ScenarioError as error:
...     print(error.path)
...     print(error.detail)
locked
the card lies in the hand; only cards in play (base zone, deployment zone, country zone) can be locked (got True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from adjudicator.checks import collect_problems, raise_problems
from adjudicator.errors import ScenarioError
from adjudicator.meaning import Kind, means
from adjudicator.messages import N_, Message, message, word_list

__all__ = [
    "NAMED_CARD_RULINGS",
    "ZONES_IN_PLAY",
    "Card",
    "CardKind",
    "CostModifier",
    "ModifierCondition",
    "NamedCardRuling",
    "Phase",
    "Player",
    "Special",
    "TargetOwner",
    "Zone",
    "check_at_least",
    "check_named",
    "named_card_ruling",
]


class Phase(Enum):
    """The phases of a round (``how.phasen``); both damage distribution phases are one kind."""

    CARD_DRAW = "card-draw"
    BASE_BUILDING = "base-building"
    BUILD = "build"
    MOVEMENT = "movement"
    ATTACK_DECLARATION = "attack-declaration"
    BLOCK = "block"
    DAMAGE_DISTRIBUTION = "damage-distribution"
    RETREAT = "retreat"
    VICTORY = "victory"
    END = "end"


class CardKind(Enum):
    """The kinds of HoW cards (``how.kartenarten``)."""

    COUNTRY = "country"
    """Länderkarte: lies in the country zone from the game's preparation."""
    BASE_BUILDING = "base-building"
    """Basisausbau (grey border): lies in the base zone, produces TW by locking."""
    LAND_BUILDING = "land-building"
    """Landausbau (light brown border): attached to a country card, produces TW by locking."""
    ACTION_CARD = "action-card"
    """Aktionskarte (violet border): played from the hand, then goes to the scrapyard."""
    UNIT = "unit"
    """Einheitenkarte (green, brown, blue border): deployment zone or a country."""
    UPGRADE = "upgrade"
    """Upgrade-Karte (rust border): played on a unit in the deployment zone."""

    @property
    def noun(self) -> str:
        """The kind in running text, with its article, as a catalog word.

        >>> CardKind.ACTION_CARD.noun
        'an action card'
        """
        return _KIND_NOUNS[self]

    @property
    def plural(self) -> str:
        """Cards of this kind in running text, as a catalog word.

        >>> CardKind.LAND_BUILDING.plural
        'land buildings'
        """
        return _KIND_PLURALS[self]


_KIND_NOUNS = {
    CardKind.COUNTRY: N_("a country card"),
    CardKind.BASE_BUILDING: N_("a base building"),
    CardKind.LAND_BUILDING: N_("a land building"),
    CardKind.ACTION_CARD: N_("an action card"),
    CardKind.UNIT: N_("a unit card"),
    CardKind.UPGRADE: N_("an upgrade card"),
}

_KIND_PLURALS = {
    CardKind.COUNTRY: N_("country cards"),
    CardKind.BASE_BUILDING: N_("base buildings"),
    CardKind.LAND_BUILDING: N_("land buildings"),
    CardKind.ACTION_CARD: N_("action cards"),
    CardKind.UNIT: N_("unit cards"),
    CardKind.UPGRADE: N_("upgrade cards"),
}


class Zone(Enum):
    """Where a card lies (``how.spielzonen``, ``how.handkarten``, ``how.depot``, ``how.schrottplatz``)."""

    HAND = "hand"
    DEPOT = "depot"
    BASE_ZONE = "base-zone"
    DEPLOYMENT_ZONE = "deployment-zone"
    COUNTRY_ZONE = "country-zone"
    SCRAPYARD = "scrapyard"

    @property
    def label(self) -> str:
        """The zone in running English text.

        >>> Zone.BASE_ZONE.label
        'base zone'
        """
        return _ZONE_LABELS[self]


_ZONE_LABELS = {
    Zone.HAND: N_("hand"),
    Zone.DEPOT: N_("depot"),
    Zone.BASE_ZONE: N_("base zone"),
    Zone.DEPLOYMENT_ZONE: N_("deployment zone"),
    Zone.COUNTRY_ZONE: N_("country zone"),
    Zone.SCRAPYARD: N_("scrapyard"),
}

ZONES_IN_PLAY = frozenset({Zone.BASE_ZONE, Zone.DEPLOYMENT_ZONE, Zone.COUNTRY_ZONE})
"""A card is "in play" in these zones (``how.spiel``)."""

_ZONES_OUT_OF_PLAY = frozenset({Zone.HAND, Zone.DEPOT, Zone.SCRAPYARD})
_ALLOWED_ZONES: dict[CardKind, frozenset[Zone]] = {
    CardKind.COUNTRY: frozenset({Zone.COUNTRY_ZONE}),
    CardKind.BASE_BUILDING: _ZONES_OUT_OF_PLAY | {Zone.BASE_ZONE},
    CardKind.LAND_BUILDING: _ZONES_OUT_OF_PLAY | {Zone.COUNTRY_ZONE},
    CardKind.ACTION_CARD: _ZONES_OUT_OF_PLAY,
    CardKind.UNIT: _ZONES_OUT_OF_PLAY | {Zone.DEPLOYMENT_ZONE, Zone.COUNTRY_ZONE},
    CardKind.UPGRADE: _ZONES_OUT_OF_PLAY | {Zone.DEPLOYMENT_ZONE, Zone.COUNTRY_ZONE},
}


class Special(Enum):
    """Card texts whose consequences the FAQ rules on, and which the calculators therefore apply."""

    FEUERWEHR = "feuerwehr"
    """Makes the destruction of any *other* base building of its owner void (``how.feuerwehr``)."""
    BLITZANGRIFF = "blitzangriff"
    """Forbids locking its target in reaction to use an ability; drawing TW stays allowed (``how.blitzangriff``)."""
    ASSEMBLY = "assembly"
    """A Montage (Panzer-, Jäger-, Bombermontage, Kaserne, Werft …): makes one unit of
    :attr:`Card.assembly_for` per phase cheaper by its TW without being locked (``how.montagen``)."""


@dataclass(frozen=True)
class NamedCardRuling:
    """What an entry rules on one printed card by its title, whatever else a scenario states of the card."""

    entry: str
    """The entry that rules, cited where the ruling applies."""
    always_historic: bool = False
    """It counts as Historisch! in every format, whatever a deck list says."""
    assembly: bool = False
    """The entry rules on the card's use as an assembly (drawing TW without locking), and is cited for it."""


NAMED_CARD_RULINGS = {
    "bunkerknacker": NamedCardRuling("how.bunkerknacker", always_historic=True),
    "kaserne": NamedCardRuling("how.kaserne", assembly=True),
}
"""Printed title (casefolded) → the ruling on that card: the Bunkerknacker "zählt generell in allen Formaten als
Historisch!" (``how.bunkerknacker``); the Kaserne makes one unit per phase cheaper without being locked
(``how.kaserne``)."""


def named_card_ruling(title: str) -> NamedCardRuling | None:
    """The ruling on the printed card of this title (case and the spaces around it do not matter), if there is one.

    >>> named_card_ruling(" Bunkerknacker ").always_historic, named_card_ruling("Radarstation")
    (True, None)
    """
    return NAMED_CARD_RULINGS.get(title.strip().casefold())


class TargetOwner(Enum):
    """Whose cards an ability may target, as the card states it."""

    OPPONENT = "opponent"
    """Only another player's cards (``gegnerische``)."""
    OWN = "own"
    """Only the player's own cards."""


class ModifierCondition(Enum):
    """When a card's cost modifier makes other cards dearer."""

    WHILE_UNLOCKED = "while-unlocked"
    """While the card lies unlocked in play when the other card is paid (the Sabotage, ``how.sabotage``)."""
    LOCKED_IN_REACTION = "locked-in-reaction"
    """When the card is locked in reaction to the other card being brought into play (the HQ, ``how.hq``)."""


@dataclass(frozen=True)
class CostModifier:
    """How a card makes other cards dearer to bring into play, as an entry states it."""

    applies_to: CardKind
    """The kind of card that becomes dearer, e.g. land buildings."""
    tw: int
    """TW added to what building such a card costs."""
    when: ModifierCondition
    """Under which condition it applies."""
    phase: Phase | None = None
    """The phase it works in; none: any phase."""
    source: str = ""
    """The rule entry that states it, cited in the answer, e.g. ``how.sabotage``."""

    def __post_init__(self) -> None:
        if self.tw < 1:
            raise ScenarioError("tw", "a cost modifier adds at least 1 TW", self.tw)


_AT_LEAST = {0: N_("must be 0 or more"), 1: N_("must be 1 or more"), 2: N_("must be 2 or more")}


def check_at_least(path: str, value: int | None, minimum: int = 0, problem: str = "") -> None:
    """Raise :class:`ScenarioError` at ``path`` when ``value`` is given and below ``minimum`` (0, 1 or 2): the
    ``problem`` (a template marked :func:`N_`), by default "must be … or more".

    >>> check_at_least("count", 0, 1)
    Traceback (most recent call last):
    ...
    adjudicator.errors.ScenarioError: count: must be 1 or more (got 0)
    """
    if value is not None and value < minimum:
        template = problem or _AT_LEAST[minimum]
        raise ScenarioError(path, template, value)


def check_named(name: str, problem: str) -> None:
    """Raise ``problem`` (a template marked :func:`N_`, such as "must name the land") at ``name`` when it is blank."""
    if not name.strip():
        raise ScenarioError("name", problem, name)


@dataclass(frozen=True)
class Player:
    """A player and the TW already at their disposal in the current phase."""

    name: str
    """The player's name, e.g. Anna."""
    tw: int = 0
    """TW produced earlier in this phase and not yet spent (``how.technologiewerte``: TW last
    until the end of the phase). TW that unlocked cards could still produce are not counted
    here: list those cards with the TW they produce."""

    def __post_init__(self) -> None:
        raise_problems(
            collect_problems(
                lambda: check_named(self.name, N_("a player needs a name")),
                lambda: check_at_least("tw", self.tw, 0, N_("the TW available to the player must be 0 or more")),
            )
        )


@dataclass(frozen=True)
class Card:
    """One physical card: who owns it, what kind it is, where it lies and whether it is locked."""

    id: str
    """A short name of this card on the table, different from every other card's (two copies of one card need
    two)."""
    name: str
    """The printed name, e.g. 227-Pfund Bombe."""
    owner: str = field(metadata=means(Kind.REFERENCE, refers_to="players.name"))
    """Name of the player it belongs to."""
    kind: CardKind
    """The card kind (``how.kartenarten``)."""
    zone: Zone
    """Where it lies now."""
    locked: bool = False
    """Lying crosswise (``how.sperren-entsperren``); only cards in play can be locked."""
    tw: int = 0
    """TW it produces when locked for them (the large TW symbol), e.g. 1 for most base buildings."""
    play_cost: int = 0
    """TW in the small grey box: what playing an action card or building a unit or land building costs."""
    unit_type: str | None = field(default=None, metadata=means(expert=True))
    """For units: the sub-type (``how.untertyp``) by which an assembly makes it cheaper, e.g. infantry."""
    special: Special | None = field(default=None, metadata=means(expert=True))
    """A card text the calculators apply, when the card has one of them."""
    assembly_for: str | None = field(default=None, metadata=means(expert=True))
    """For an assembly: the unit sub-type it makes cheaper, e.g. infantry for a Kaserne."""
    card: str | None = field(default=None, metadata=means(Kind.CATALOG, catalog="hell-of-a-war"))
    """The printed card, from the game's card catalog: what the catalog states of it is filled in where the
    scenario leaves it out."""
    legal_targets: tuple[CardKind, ...] = field(default=(), metadata=means(expert=True))
    """The kinds of card its ability may target, as the card states; empty when not stated (any)."""
    target_owner: TargetOwner | None = field(default=None, metadata=means(expert=True))
    """Whose cards its ability may target, as the card states; none when not stated (anyone's)."""
    cost_modifiers: tuple[CostModifier, ...] = field(default=(), metadata=means(expert=True))
    """How it makes other cards dearer (the Sabotage, the HQ); filled from the card catalog."""
    sources: dict[str, str] = field(default_factory=dict, metadata=means(filled=True))
    """For each value taken from the card catalog, the rule entry that states it (filled in with the card)."""

    def __post_init__(self) -> None:
        raise_problems(
            collect_problems(
                self._check_id,
                self._check_zone,
                self._check_locked,
                lambda: check_at_least("tw", self.tw, 0, N_("the TW the card produces must be 0 or more")),
                lambda: check_at_least(
                    "play_cost", self.play_cost, 0, N_("the play cost of the card must be 0 or more")
                ),
                self._check_unit_type,
                self._check_assembly,
                self._check_special,
            )
        )

    def _check_id(self) -> None:
        if not self.id.strip():
            raise ScenarioError("id", "a card needs an id", self.id)

    def _check_zone(self) -> None:
        allowed = _ALLOWED_ZONES[self.kind]
        if self.zone not in allowed:
            zones = word_list(zone.label for zone in Zone if zone in allowed)
            raise ScenarioError(
                "zone", "{kind} lies only in: {zones}", self.zone.value, kind=self.kind.noun, zones=zones
            )

    def _check_locked(self) -> None:
        if self.locked and not self.in_play:
            raise ScenarioError(
                "locked",
                "the card lies in the {zone}; only cards in play (base zone, deployment zone, country zone) can be "
                "locked",
                self.locked,
                zone=self.zone.label,
            )

    def _check_unit_type(self) -> None:
        if self.unit_type is not None and self.kind is not CardKind.UNIT:
            raise ScenarioError(
                "unit_type", "the card is {kind}; only units have a unit type", self.unit_type, kind=self.kind.noun
            )

    def _check_assembly(self) -> None:
        if (self.special is Special.ASSEMBLY) != (self.assembly_for is not None):
            raise ScenarioError(
                "assembly_for",
                "an assembly (special: assembly) names the unit type it makes cheaper, and only an assembly does",
                self.assembly_for,
            )

    def _check_special(self) -> None:
        if self.special is Special.FEUERWEHR and self.kind is not CardKind.BASE_BUILDING:
            raise ScenarioError(
                "special", "a Feuerwehr is a base building, not {kind}", self.special.value, kind=self.kind.noun
            )
        if self.special is Special.ASSEMBLY and self.kind is not CardKind.BASE_BUILDING:
            raise ScenarioError(
                "special", "an assembly is a base building, not {kind}", self.special.value, kind=self.kind.noun
            )
        if self.special is Special.BLITZANGRIFF and self.kind is not CardKind.ACTION_CARD:
            raise ScenarioError(
                "special", "the Blitzangriff is an action card, not {kind}", self.special.value, kind=self.kind.noun
            )

    @property
    def in_play(self) -> bool:
        """Whether it lies in the base zone, the deployment zone or the country zone (``how.spiel``)."""
        return self.zone in ZONES_IN_PLAY

    @property
    def shown(self) -> Message:
        """Name and id, as the trace and the problems show a card: a template field whose name and id are shown as
        they are, whatever the language.

        >>> Card(id="ben-227", name="227-Pfund Bombe", owner="Ben", kind=CardKind.UNIT, zone=Zone.HAND).shown.text
        '227-Pfund Bombe (ben-227)'
        """
        return message("{name} ({id})", name=self.name, id=self.id)
