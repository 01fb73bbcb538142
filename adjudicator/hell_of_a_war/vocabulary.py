"""Hell of a War: the vocabulary of cards, zones, phases and players the HoW calculators share.

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
card 'x' lies in the hand; only cards in play (base zone, deployment zone, country zone) can be locked (got True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from adjudicator.errors import ScenarioError
from adjudicator.messages import N_, Message, message

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
        """The kind in running text, with its article.

        >>> CardKind.ACTION_CARD.noun
        'an action card'
        """
        return _KIND_NOUNS[self]


_KIND_NOUNS = {
    CardKind.COUNTRY: "a country card",
    CardKind.BASE_BUILDING: "a base building",
    CardKind.LAND_BUILDING: "a land building",
    CardKind.ACTION_CARD: "an action card",
    CardKind.UNIT: "a unit",
    CardKind.UPGRADE: "an upgrade card",
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
    """The kind of card that becomes dearer, e.g. ``land-building``."""
    tw: int
    """TW added to what building such a card costs."""
    when: ModifierCondition
    """Under which condition it applies."""
    phase: Phase | None = None
    """The phase it works in; none: any phase."""
    source: str = ""
    """The entry that states it, cited in the trace, e.g. ``how.sabotage``."""

    def __post_init__(self) -> None:
        if self.tw < 1:
            raise ScenarioError("tw", "a cost modifier adds at least 1 TW", self.tw)


@dataclass(frozen=True)
class Player:
    """A player and the TW already at their disposal in the current phase."""

    name: str
    """How the scenario refers to the player, e.g. ``Anna``."""
    tw: int = 0
    """TW produced earlier in this phase and not yet spent (``how.technologiewerte``: TW last
    until the end of the phase). TW that unlocked cards could still produce are not counted
    here: list those cards with their :attr:`Card.tw`."""

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise ScenarioError("name", "a player needs a name", self.name)
        if self.tw < 0:
            raise ScenarioError("tw", f"the TW available to {self.name!r} must be 0 or more", self.tw)


@dataclass(frozen=True)
class Card:
    """One physical card: who owns it, what kind it is, where it lies and whether it is locked."""

    id: str
    """Unique id in the scenario (two copies of a card need two ids), e.g. ``ben-227``."""
    name: str
    """The printed name, e.g. ``227-Pfund Bombe``."""
    owner: str
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
    unit_type: str | None = None
    """For units: the sub-type an assembly makes cheaper (``how.untertyp``), e.g. ``infantry``."""
    special: Special | None = None
    """A card text the calculators apply, when the card has one of them."""
    assembly_for: str | None = None
    """For :attr:`Special.ASSEMBLY`: the unit sub-type it makes cheaper, e.g. ``infantry`` for a Kaserne."""
    card: str | None = None
    """The printed card's id in the game's card catalog (``content/hell-of-a-war/cards/<id>.yaml``), e.g.
    ``radarstation``: ``rulebook`` fills in what the catalog states and the scenario leaves out."""
    legal_targets: tuple[CardKind, ...] = ()
    """The kinds of card its ability may target, as the card states; empty when not stated (any)."""
    target_owner: TargetOwner | None = None
    """Whose cards its ability may target, as the card states; none when not stated (anyone's)."""
    cost_modifiers: tuple[CostModifier, ...] = ()
    """How it makes other cards dearer (the Sabotage, the HQ); filled from the card catalog."""
    sources: dict[str, str] = field(default_factory=dict)
    """Field → the entry that states its value, for the values taken from the card catalog (filled by ``rulebook``)."""

    def __post_init__(self) -> None:
        if not self.id.strip():
            raise ScenarioError("id", "a card needs an id", self.id)
        allowed = _ALLOWED_ZONES[self.kind]
        if self.zone not in allowed:
            where = ", ".join(zone.value for zone in Zone if zone in allowed)
            raise ScenarioError(
                "zone", f"card {self.id!r} is {self.kind.noun}, which lies only in: {where}", self.zone.value
            )
        if self.locked and not self.in_play:
            raise ScenarioError(
                "locked",
                f"card {self.id!r} lies in the {self.zone.label}; only cards in play (base zone, deployment zone, "
                "country zone) can be locked",
                self.locked,
            )
        if self.tw < 0:
            raise ScenarioError("tw", f"the TW card {self.id!r} produces must be 0 or more", self.tw)
        if self.play_cost < 0:
            raise ScenarioError("play_cost", f"the play cost of card {self.id!r} must be 0 or more", self.play_cost)
        if self.unit_type is not None and self.kind is not CardKind.UNIT:
            raise ScenarioError(
                "unit_type", f"card {self.id!r} is {self.kind.noun}; only units have a unit type", self.unit_type
            )
        if (self.special is Special.ASSEMBLY) != (self.assembly_for is not None):
            raise ScenarioError(
                "assembly_for",
                f"card {self.id!r}: an assembly (special: assembly) names the unit type it makes cheaper, and only an "
                "assembly does",
                self.assembly_for,
            )
        if self.special in (Special.FEUERWEHR, Special.ASSEMBLY) and self.kind is not CardKind.BASE_BUILDING:
            raise ScenarioError(
                "special",
                f"card {self.id!r}: a {self.special.value} is a base building, not {self.kind.noun}",
                self.special.value,
            )
        if self.special is Special.BLITZANGRIFF and self.kind is not CardKind.ACTION_CARD:
            raise ScenarioError(
                "special",
                f"card {self.id!r}: the Blitzangriff is an action card, not {self.kind.noun}",
                self.special.value,
            )

    @property
    def in_play(self) -> bool:
        """Whether it lies in the base zone, the deployment zone or the country zone (``how.spiel``)."""
        return self.zone in ZONES_IN_PLAY

    @property
    def label(self) -> str:
        """Name and id, as the trace shows a card.

        >>> Card(id="ben-227", name="227-Pfund Bombe", owner="Ben", kind=CardKind.BASE_BUILDING, zone=Zone.HAND).label
        '227-Pfund Bombe (ben-227)'
        """
        return f"{self.name} ({self.id})"

    @property
    def shown(self) -> Message:
        """:attr:`label` as a template field: name and id are shown as they are, whatever the language.

        >>> Card(id="ben-227", name="227-Pfund Bombe", owner="Ben", kind=CardKind.UNIT, zone=Zone.HAND).shown.text
        '227-Pfund Bombe (ben-227)'
        """
        return message("{name} ({id})", name=self.name, id=self.id)
