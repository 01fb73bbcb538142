"""Hell of a War: declared actions — what an action does and costs, how it is paid, and whether it may be declared.

Game ``hell-of-a-war``, source ``001_6dfd36dc833f0c3c.txt`` (the HoW FAQ). The
vocabulary and the bookkeeping under :mod:`adjudicator.hell_of_a_war.action_stack`: an
:class:`Effect`, a :class:`Declaration` (card, cost, targets), a
:class:`Payment`, and the :class:`Board` that knows where every card lies, which
cards are earmarked in the stack, what each player can still pay and whether a
declaration is legal. Rules applied here (the trace steps cite them; a problem says the rule in words):

- ``how.aktionsstapel`` — a card stands in the stack only once; a declared card
  is earmarked (the symbolic lock) and pays for no other action of the stack;
- ``how.technologiewerte``, ``how.basisausbaukarten``, ``how.landausbaukarten``
  — TW are drawn by locking a card and last until the end of the phase; a card
  locked for its ability draws no TW at the same time;
- ``how.aktionskarten``, ``how.erfolgreiche-abwehr`` — an action card pays its
  play cost (grey box) and the ability's cost; a card whose effect alone is
  countered pays only the grey box; the Erfolgreiche Abwehr adds the countered
  card's grey box to its own; action cards are not played in the attack and
  block declaration phases;
- ``how.montagen``, ``how.kaserne`` — an unlocked assembly makes one unit of its
  type cheaper by its TW, once per phase, without being locked;
- ``how.sperren-entsperren``, ``how.abwerfen``, ``how.upgrades``,
  ``how.bauphase``, ``how.basisausbauphase``, ``how.blitzangriff``,
  ``how.aktionen`` — which targets are possible at all: only unlocked cards in play
  can be locked, only hand cards discarded, upgrades go on one's own units in the
  deployment zone, building happens in its phase, a Blitzangriff's target may not
  be locked in reaction except to draw TW, producing TW cannot be countered.

Paying: first the assemblies (for a unit), then the TW already drawn in the
phase, then locking the player's unlocked, not earmarked TW cards in the order
they are listed. Each query is linear in the number of cards.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from adjudicator.checks import collect_problems, raise_problems
from adjudicator.errors import ScenarioError
from adjudicator.hell_of_a_war.vocabulary import (
    ZONES_IN_PLAY,
    Card,
    CardKind,
    CostModifier,
    ModifierCondition,
    Phase,
    Player,
    Special,
    TargetOwner,
    Zone,
)
from adjudicator.meaning import Kind, means
from adjudicator.messages import N_, Message, MessageList, N_plural, message, word_list

__all__ = [
    "ABILITIES",
    "ACTIONS",
    "ACTION_CARDS",
    "ASSEMBLIES",
    "BASE_BUILDINGS",
    "BASE_BUILDING_PHASE",
    "BLITZ",
    "BOMB",
    "BUILD_PHASE",
    "Board",
    "DESTROYER",
    "DISCARDING",
    "DRAWING",
    "Declaration",
    "EXPLOSIVE_LANDING",
    "Effect",
    "FIRE_BRIGADE",
    "IN_PLAY",
    "LAND_BUILDINGS",
    "LOCKING",
    "PLAYED_FROM_HAND",
    "PLAY_CARD",
    "Payment",
    "SACRIFICE",
    "SCRAPYARD",
    "STACK",
    "SUCCESSFUL_DEFENCE",
    "TECH_VALUES",
    "UPGRADES",
    "cards_message",
]

STACK = "how.aktionsstapel"
BOMB = "how.227-pfund-bombe"
ACTIONS = "how.aktionen"
ACTION_CARDS = "how.aktionskarten"
PLAY_CARD = "how.karte-spielen"
SUCCESSFUL_DEFENCE = "how.erfolgreiche-abwehr"
FIRE_BRIGADE = "how.feuerwehr"
BLITZ = "how.blitzangriff"
ASSEMBLIES = "how.montagen"
ABILITIES = "how.faehigkeiten"
DESTROYER = "how.zerstoerer"
LOCKING = "how.sperren-entsperren"
TECH_VALUES = "how.technologiewerte"
BASE_BUILDINGS = "how.basisausbaukarten"
LAND_BUILDINGS = "how.landausbaukarten"
SACRIFICE = "how.opfern"
DISCARDING = "how.abwerfen"
SCRAPYARD = "how.schrottplatz"
BUILD_PHASE = "how.bauphase"
BASE_BUILDING_PHASE = "how.basisausbauphase"
IN_PLAY = "how.spiel"
UPGRADES = "how.upgrades"
DRAWING = "how.ziehen-karte"
EXPLOSIVE_LANDING = "how.explosive-landung"


class Effect(Enum):
    """What a declared action does when it resolves."""

    DESTROY = "destroy"
    """Put the target cards in play on their owners' scrapyards (e.g. the 227-Pfund Bombe)."""
    LOCK = "lock"
    """Lock the unlocked target cards in play (e.g. a Zerstörer's ability)."""
    UNLOCK = "unlock"
    """Unlock the locked target cards in play."""
    COUNTER = "counter"
    """Counter the targeted action of the stack: it does nothing and is not paid."""
    COUNTER_EFFECT = "counter-effect"
    """Counter only the effect of the targeted action card, as the Erfolgreiche Abwehr does:
    the countered card still pays its play cost, the countering player also pays it."""
    DISCARD = "discard"
    """Discard the target cards from their owners' hands (e.g. the Explosive Landung)."""
    DRAW = "draw"
    """Draw :attr:`Declaration.amount` cards (e.g. the Radarstation)."""
    PRODUCE_TW = "produce-tw"
    """Lock the card and draw its TW at once: no action, on no stack, never prevented."""
    BUILD = "build"
    """Build the card from the hand: a unit, a land building or a base building."""
    UPGRADE = "upgrade"
    """Play the upgrade card from the hand on the target unit in the player's deployment zone."""
    OTHER = "other"
    """Any other effect (say which in :attr:`Declaration.note`): the calculator settles only
    whether it resolves and who pays."""


@dataclass(frozen=True)
class Declaration:
    """One action or reaction announced into the stack, in the order of announcement."""

    player: str = field(metadata=means(Kind.REFERENCE, refers_to="players.name"))
    """The declaring player; the card must be theirs."""
    card: str = field(metadata=means(Kind.REFERENCE, refers_to="cards.id", shown_by=("name", "owner")))
    """The card whose ability is used, or which is played or built."""
    effect: Effect
    """What it does when it resolves."""
    targets: tuple[str, ...] = field(
        default=(), metadata=means(Kind.REFERENCES, refers_to="cards.id", shown_by=("name", "owner"))
    )
    """The cards it targets. For a counter (of an action or of its effect only): the card of the action
    countered."""
    tw_cost: int = 0
    """TW the ability costs (description field); an action card's or a build's play cost (grey
    box) is taken from the card's play cost and added."""
    lock: bool = False
    """Using it locks the card (a "Sperren:" ability); producing TW always locks."""
    sacrifice: bool = False
    """The card is sacrificed (put on the scrapyard) after the effect, as with the 227."""
    amount: int = 1
    """Cards drawn (when the effect is to draw cards)."""
    note: str = field(default="", metadata=means(expert=True))
    """What another effect does, for the reader."""
    paid_with: tuple[str, ...] = field(
        default=(), metadata=means(Kind.REFERENCES, refers_to="cards.id", shown_by=("name", "owner"), expert=True)
    )
    """The cards its player locks for TW to pay for it, in this order (the player's choice); none given: the
    calculator locks them in the order the cards are listed and says so in the trace."""
    sources: dict[str, str] = field(default_factory=dict, metadata=means(filled=True))
    """For each value taken from the card catalog, the rule entry that states it (filled in with the card)."""

    def __post_init__(self) -> None:
        raise_problems(collect_problems(self._check_tw_cost, self._check_amount, self._check_targets))

    def _check_tw_cost(self) -> None:
        if self.tw_cost < 0:
            raise ScenarioError("tw_cost", "the ability's TW cost must be 0 or more", self.tw_cost)

    def _check_amount(self) -> None:
        if self.amount < 1:
            raise ScenarioError("amount", "must draw at least 1 card", self.amount)

    def _check_targets(self) -> None:
        repeated = sorted({target for target in self.targets if self.targets.count(target) > 1})
        if repeated:
            raise ScenarioError("targets", "names a target more than once", repeated[0])


@dataclass(frozen=True)
class Payment:
    """What one resolved declaration cost its player, and where it came from."""

    tw: int = 0
    """TW paid in all."""
    from_pool: int = 0
    """TW taken from those already produced in the phase."""
    drawn: dict[str, int] = field(default_factory=dict)
    """Card id → TW drawn by locking that card for this payment."""
    assemblies: dict[str, int] = field(default_factory=dict)
    """Card id → TW an assembly contributed without being locked."""
    locked_card: bool = False
    """The declared card was locked as part of the cost."""
    sacrificed: bool = False
    """The declared card was sacrificed after the effect."""


PLAYED_FROM_HAND = frozenset({CardKind.ACTION_CARD, CardKind.UPGRADE})
_NEED_TARGETS = frozenset(
    {Effect.DESTROY, Effect.LOCK, Effect.UNLOCK, Effect.DISCARD, Effect.COUNTER, Effect.COUNTER_EFFECT, Effect.UPGRADE}
)
_ONE_TARGET = frozenset({Effect.COUNTER, Effect.COUNTER_EFFECT, Effect.UPGRADE})
_NO_TARGETS = frozenset({Effect.DRAW, Effect.PRODUCE_TW, Effect.BUILD})
_BUILDABLE = frozenset({CardKind.UNIT, CardKind.LAND_BUILDING, CardKind.BASE_BUILDING})
_NO_ACTION_CARDS_IN = frozenset({Phase.ATTACK_DECLARATION, Phase.BLOCK})


def cards_message(count: int) -> Message:
    """``count`` cards, in the reader's language.

    >>> cards_message(2).text
    '2 cards'
    """
    return message(N_plural("{count} card", "{count} cards"), count=count)


_DESCRIPTIONS = {
    Effect.BUILD: N_("build it"),
    Effect.COUNTER: N_("counter {targets}"),
    Effect.COUNTER_EFFECT: N_("counter the effect of {targets}"),
    Effect.DISCARD: N_("discard {targets} from the hand"),
    Effect.UPGRADE: N_("upgrade {targets}"),
    Effect.DESTROY: N_("destroy {targets}"),
    Effect.LOCK: N_("lock {targets}"),
    Effect.UNLOCK: N_("unlock {targets}"),
}
"""What a declared effect does, by effect (draw, produce-tw and other are worded with their own fields)."""

_PRICES = {
    (True, False, False): N_("{cost} TW"),
    (False, True, False): N_("locking it"),
    (False, False, True): N_("sacrificing it"),
    (True, True, False): N_("{cost} TW and locking it"),
    (True, False, True): N_("{cost} TW and sacrificing it"),
    (False, True, True): N_("locking it and sacrificing it"),
    (True, True, True): N_("{cost} TW, locking it and sacrificing it"),
}
"""A declaration's price by (costs TW, locks the card, sacrifices the card); none of them: no cost."""


def _build_problems(path: str, effect: Effect, card: Card, zone: Zone, phase: Phase | None) -> list[ScenarioError]:
    """Whether the card can be built: a unit or building from the hand, in its build phase."""
    problems = []
    if card.kind not in _BUILDABLE or zone is not Zone.HAND:
        problems.append(
            ScenarioError(
                f"{path}.effect",
                "only a unit, land building or base building in the hand can be built; {card} is {kind} in the {zone}",
                effect.value,
                card=card.shown,
                kind=card.kind.noun,
                zone=zone.label,
            )
        )
    elif phase is not None and card.kind is CardKind.BASE_BUILDING and phase is not Phase.BASE_BUILDING:
        problems.append(
            ScenarioError(
                f"{path}.effect", "base buildings are brought into play in the base-building phase", phase.value
            )
        )
    elif phase is not None and card.kind is not CardKind.BASE_BUILDING and phase is not Phase.BUILD:
        problems.append(
            ScenarioError(f"{path}.effect", "units and land buildings are built in the build phase", phase.value)
        )
    return problems


def _upgrade_problems(path: str, effect: Effect, card: Card, zone: Zone, phase: Phase | None) -> list[ScenarioError]:
    """Whether the card can be played as an upgrade: an upgrade card from the hand, in the build phase."""
    problems = []
    if card.kind is CardKind.UPGRADE and effect is not Effect.UPGRADE:
        problems.append(
            ScenarioError(f"{path}.effect", "an upgrade card is played with the effect upgrade", effect.value)
        )
    elif card.kind is not CardKind.UPGRADE or zone is not Zone.HAND:
        problems.append(
            ScenarioError(
                f"{path}.effect",
                "only an upgrade card in the hand is played as an upgrade; {card} is {kind} in the {zone}",
                effect.value,
                card=card.shown,
                kind=card.kind.noun,
                zone=zone.label,
            )
        )
    elif phase is not None and phase is not Phase.BUILD:
        problems.append(ScenarioError(f"{path}.effect", "upgrades are played in the build phase", phase.value))
    return problems


class Board:
    """Where every card lies, what is earmarked in the stack, and what each player can still pay."""

    def __init__(self, players: tuple[Player, ...], cards: tuple[Card, ...], stack: tuple[Declaration, ...]) -> None:
        self.stack = stack
        self.player_list = players
        self.card_list = cards
        self.players: dict[str, Player] = {}
        for player in players:
            self.players.setdefault(player.name, player)
        self.cards: dict[str, Card] = {}
        for card in cards:
            self.cards.setdefault(card.id, card)
        self.zone = {card_id: card.zone for card_id, card in self.cards.items()}
        self.locked = {card_id: card.locked for card_id, card in self.cards.items()}
        self.pool = {name: player.tw for name, player in self.players.items()}
        self.by_card: dict[str, int] = {}
        """Card id → index of its declaration."""
        self.pending: dict[int, Declaration] = {}
        """Declarations still in the stack, by index."""
        self.assemblies_used: set[str] = set()
        self.phase: Phase | None = None
        self.locked_in_reaction: dict[int, list[str]] = {}
        """Index of a build declaration → the cards with a cost modifier locked in reaction to it (the HQ)."""

    def shown(self, card_id: str) -> Message:
        """The card as a template field (:attr:`Card.shown`)."""
        return self.cards[card_id].shown

    def in_play(self, card_id: str) -> bool:
        return self.zone[card_id] in ZONES_IN_PLAY

    def earmarked(self) -> set[str]:
        return {declaration.card for declaration in self.pending.values()}

    def tw_sources(self, player: str, acting: str | None, skip: frozenset[str] = frozenset()) -> list[str]:
        """Cards ``player`` can still lock for TW, in the order listed (``how.aktionsstapel``: not earmarked ones)."""
        earmarked = self.earmarked()
        return [
            card_id
            for card_id, card in self.cards.items()
            if card.owner == player
            and card.tw > 0
            and self.in_play(card_id)
            and not self.locked[card_id]
            and card_id != acting
            and card_id not in earmarked
            and card_id not in skip
            and card_id not in self.assemblies_used
        ]

    def assemblies(self, player: str, unit_type: str) -> list[str]:
        """Unlocked assemblies of ``player`` for ``unit_type`` not yet used in this phase (``how.montagen``)."""
        earmarked = self.earmarked()
        return [
            card_id
            for card_id, card in self.cards.items()
            if card.owner == player
            and card.special is Special.ASSEMBLY
            and card.assembly_for == unit_type
            and self.zone[card_id] is Zone.BASE_ZONE
            and not self.locked[card_id]
            and card_id not in earmarked
            and card_id not in self.assemblies_used
        ]

    def unit_type(self, declaration: Declaration) -> str | None:
        card = self.cards[declaration.card]
        return card.unit_type if declaration.effect is Effect.BUILD and card.kind is CardKind.UNIT else None

    def surcharges(self, declaration: Declaration) -> list[tuple[str, CostModifier]]:
        """The cost modifiers that make this build dearer now, with the card of each (``how.sabotage``, ``how.hq``).

        A ``while-unlocked`` modifier applies while its card lies unlocked in play; a ``locked-in-reaction``
        one once its card was locked in reaction to this build. Either applies in its phase (any phase when
        the scenario names none) to builds of the kind it names, whoever builds: the HQ's owner "muss dies
        freilich dann auch tun" (``how.hq``).
        """
        if declaration.effect is not Effect.BUILD:
            return []
        built = self.cards[declaration.card]
        reacted = self.locked_in_reaction.get(self.by_card.get(declaration.card, -1), [])
        found = []
        for card_id, card in self.cards.items():
            for modifier in card.cost_modifiers:
                if card_id == built.id or modifier.applies_to is not built.kind:
                    continue
                if modifier.phase is not None and self.phase is not None and modifier.phase is not self.phase:
                    continue
                if modifier.when is ModifierCondition.WHILE_UNLOCKED:
                    applies = self.in_play(card_id) and not self.locked[card_id]
                else:
                    applies = card_id in reacted
                if applies:
                    found.append((card_id, modifier))
        return found

    def cost(self, declaration: Declaration, effect_countered: bool = False, modified: bool = True) -> int:
        """TW the declaration costs: play cost (grey box) of a card played or built, plus the ability's cost,
        plus what cost modifiers add to a build (unless ``modified`` is false)."""
        card = self.cards[declaration.card]
        grey_box = card.play_cost if card.kind in PLAYED_FROM_HAND or declaration.effect is Effect.BUILD else 0
        if effect_countered:
            return grey_box
        cost = grey_box + declaration.tw_cost
        if declaration.effect is Effect.COUNTER_EFFECT:
            cost += self.cards[declaration.targets[0]].play_cost
        if modified:
            cost += sum(modifier.tw for _, modifier in self.surcharges(declaration))
        return cost

    def plan(
        self, player: str, acting: str, cost: int, unit_type: str | None, chosen: tuple[str, ...] = ()
    ) -> Payment | None:
        """How ``player`` pays ``cost``: assemblies, then unspent TW, then locking cards (the ``chosen`` ones first,
        in that order, then the others in the order listed); ``None`` if short."""
        remaining = cost
        assemblies: dict[str, int] = {}
        if unit_type is not None:
            for card_id in self.assemblies(player, unit_type):
                if remaining <= 0:
                    break
                assemblies[card_id] = min(self.cards[card_id].tw, remaining)
                remaining -= assemblies[card_id]
        from_pool = min(self.pool[player], remaining)
        remaining -= from_pool
        drawn: dict[str, int] = {}
        sources = self.tw_sources(player, acting, frozenset(assemblies))
        ordered = [card_id for card_id in chosen if card_id in sources]
        for card_id in ordered + [card_id for card_id in sources if card_id not in ordered]:
            if remaining <= 0:
                break
            drawn[card_id] = self.cards[card_id].tw
            remaining -= drawn[card_id]
        if remaining > 0:
            return None
        return Payment(tw=cost, from_pool=from_pool, drawn=drawn, assemblies=assemblies)

    def available(self, player: str, acting: str, unit_type: str | None) -> int:
        assemblies = self.assemblies(player, unit_type) if unit_type is not None else []
        sources = self.tw_sources(player, acting, frozenset(assemblies))
        return self.pool[player] + sum(self.cards[c].tw for c in assemblies + sources)

    def in_table_order(self, card_ids: tuple[str, ...]) -> tuple[str, ...]:
        """The known cards among ``card_ids`` in the order the scenario lists its cards: an effect on several
        targets treats them all at once, so the order of its target list must not change what it says or does."""
        position = {card_id: index for index, card_id in enumerate(self.cards)}
        return tuple(sorted((card_id for card_id in card_ids if card_id in position), key=position.__getitem__))

    def targets(self, card_ids: tuple[str, ...]) -> MessageList:
        """Cards as one template field, in table order (:meth:`in_table_order`): ``A (a) & B (b)``."""
        return MessageList(tuple(self.shown(card_id) for card_id in self.in_table_order(card_ids)), " & ")

    def describe(self, declaration: Declaration) -> Message:
        """What the declaration does, in running text."""
        targets = self.targets(declaration.targets)
        effect = declaration.effect
        if effect is Effect.DRAW:
            return message("draw {cards}", cards=cards_message(declaration.amount))
        if effect is Effect.PRODUCE_TW:
            return message("lock it and draw {tw} TW", tw=self.cards[declaration.card].tw)
        if effect is Effect.OTHER:
            # The note is the scenario's own words, shown as written.
            ability = declaration.note or N_("use its ability")
            if targets.items:
                return message("{ability} on {targets}", ability=ability, targets=targets)
            return message("{ability}", ability=ability)
        description = _DESCRIPTIONS[effect]
        return message(description, targets=targets)

    def price(self, declaration: Declaration, modified: bool = True) -> Message | None:
        """What the declaration will cost, in running text; ``None`` when it costs nothing."""
        cost = self.cost(declaration, modified=modified)
        template = _PRICES.get((cost > 0, declaration.lock, declaration.sacrifice))
        return None if template is None else message(template, cost=cost)

    def declared(self, declaration: Declaration, modified: bool = True) -> Message:
        """The card, what it does and its price: ``Radarstation (radar): draw 1 card for 2 TW and locking it``."""
        card, action = self.shown(declaration.card), self.describe(declaration)
        price = self.price(declaration, modified)
        if price is None:
            return message("{card}: {action} at no cost", card=card, action=action)
        return message("{card}: {action} for {price}", card=card, action=action, price=price)

    # --- legality of a declaration ------------------------------------------------------------------

    def table_problems(self) -> list[ScenarioError]:
        """Duplicate player names and card ids, and owners who are not at the table."""
        problems = []
        names = [player.name for player in self.player_list]
        for index, name in enumerate(names):
            if name in names[:index]:
                problems.append(ScenarioError(f"players.{index}.name", "every player needs a different name", name))
        ids = [card.id for card in self.card_list]
        for index, card in enumerate(self.card_list):
            if card.id in ids[:index]:
                problems.append(
                    ScenarioError(
                        f"cards.{index}.id", "every card needs a different id (give each copy its own)", card.id
                    )
                )
            if card.owner not in self.players:
                problems.append(
                    ScenarioError(
                        f"cards.{index}.owner",
                        "must be one of the players ({players})",
                        card.owner,
                        players=", ".join(self.players),
                    )
                )
        return problems

    def declaration_problems(self, index: int, declaration: Declaration, phase: Phase | None) -> list[ScenarioError]:
        """Everything that makes ``declaration`` illegal at this point of the stack (TW aside)."""
        path = f"stack.{index}"
        problems: list[ScenarioError] = []
        if declaration.player not in self.players:
            problems.append(
                ScenarioError(
                    f"{path}.player",
                    "must name one of the players ({players})",
                    declaration.player,
                    players=", ".join(self.players),
                )
            )
        for position, target in enumerate(declaration.targets):
            if target not in self.cards:
                problems.append(
                    ScenarioError(f"{path}.targets.{position}", "must be the id of a card listed in cards", target)
                )
        card = self.cards.get(declaration.card)
        if card is None:
            problems.append(ScenarioError(f"{path}.card", "must be the id of a card listed in cards", declaration.card))
            return problems
        if declaration.player in self.players and card.owner != declaration.player:
            problems.append(
                ScenarioError(
                    f"{path}.card",
                    "{player} owns no such card: {card} belongs to {owner}",
                    declaration.card,
                    player=declaration.player,
                    card=card.shown,
                    owner=card.owner,
                )
            )
        if declaration.card in self.by_card:
            problems.append(
                ScenarioError(
                    f"{path}.card",
                    "a card may stand in the action stack only once; {card} was declared earlier in it",
                    declaration.card,
                    card=card.shown,
                )
            )
        problems.extend(self._check_card_use(path, declaration, card, phase))
        problems.extend(self._check_paid_with(path, declaration))
        if all(target in self.cards for target in declaration.targets):
            problems.extend(self._check_targets(path, declaration))
        return problems

    def _check_paid_with(self, path: str, declaration: Declaration) -> list[ScenarioError]:
        """The cards chosen to pay: each the player's own card in play that produces TW, named once."""
        problems = []
        for position, card_id in enumerate(declaration.paid_with):
            where = f"{path}.paid_with.{position}"
            card = self.cards.get(card_id)
            if card is None:
                problems.append(ScenarioError(where, "must be the id of a card listed in cards", card_id))
            elif declaration.paid_with.index(card_id) < position:
                problems.append(ScenarioError(where, "names a card that pays already", card_id))
            elif card.owner != declaration.player or card.tw < 1 or not self.in_play(card_id):
                problems.append(
                    ScenarioError(
                        where,
                        "must be a card of {player} in play that produces TW; {card} belongs to {owner}, lies in the "
                        "{zone} and produces {tw} TW",
                        card_id,
                        player=declaration.player,
                        card=card.shown,
                        owner=card.owner,
                        zone=self.zone[card_id].label,
                        tw=card.tw,
                    )
                )
            elif card_id == declaration.card:
                problems.append(ScenarioError(where, "the declared card cannot pay for itself", card_id))
        return problems

    def _check_card_use(
        self, path: str, declaration: Declaration, card: Card, phase: Phase | None
    ) -> list[ScenarioError]:
        """Whether the card can be used this way, from where it lies, in this phase."""
        problems = []
        effect, zone = declaration.effect, self.zone[card.id]
        if effect is Effect.BUILD:
            problems.extend(_build_problems(path, effect, card, zone, phase))
        elif card.kind is CardKind.UPGRADE or effect is Effect.UPGRADE:
            problems.extend(_upgrade_problems(path, effect, card, zone, phase))
        elif card.kind is CardKind.ACTION_CARD:
            problems.extend(self._action_card_problems(path, declaration, card, phase))
        elif not self.in_play(card.id):
            problems.append(
                ScenarioError(
                    f"{path}.card",
                    "only a card in play can use its ability; {card} lies in the {zone}",
                    card.id,
                    card=card.shown,
                    zone=zone.label,
                )
            )
        elif effect is Effect.PRODUCE_TW and card.tw == 0:
            problems.append(ScenarioError(f"{path}.effect", "{card} produces no TW", effect.value, card=card.shown))
        if (declaration.lock or effect is Effect.PRODUCE_TW) and self.in_play(card.id) and self.locked[card.id]:
            problems.append(
                ScenarioError(
                    f"{path}.lock",
                    "{card} is already locked, so it cannot be locked to use it",
                    True,
                    card=card.shown,
                )
            )
        for earlier in self.pending.values():
            if (
                self.cards[earlier.card].special is Special.BLITZANGRIFF
                and card.id in earlier.targets
                and declaration.lock
                and effect is not Effect.PRODUCE_TW
            ):
                problems.append(
                    ScenarioError(
                        f"{path}.lock",
                        "after the Blitzangriff {blitz} its target {card} may not be locked in reaction to use an "
                        "ability, only to draw TW",
                        True,
                        blitz=self.shown(earlier.card),
                        card=card.shown,
                    )
                )
        return problems

    def _action_card_problems(
        self, path: str, declaration: Declaration, card: Card, phase: Phase | None
    ) -> list[ScenarioError]:
        """Whether the action card can be played: from the hand, outside the declaration phases, never locked."""
        problems = []
        effect, zone = declaration.effect, self.zone[card.id]
        if zone is not Zone.HAND:
            problems.append(
                ScenarioError(
                    f"{path}.card",
                    "an action card is played from the hand; {card} lies in the {zone}",
                    card.id,
                    card=card.shown,
                    zone=zone.label,
                )
            )
        elif effect is Effect.PRODUCE_TW:
            problems.append(
                ScenarioError(
                    f"{path}.effect",
                    "an action card produces no TW by locking; {card} is an action card",
                    effect.value,
                    card=card.shown,
                )
            )
        elif phase in _NO_ACTION_CARDS_IN:
            problems.append(
                ScenarioError(
                    f"{path}.card",
                    "action cards may not be played in the attack and block declaration phases",
                    phase.value if phase else None,
                )
            )
        if declaration.lock or declaration.sacrifice:
            problems.append(
                ScenarioError(
                    f"{path}.lock" if declaration.lock else f"{path}.sacrifice",
                    "{card} is an action card: it goes to the scrapyard once played and is neither locked nor "
                    "sacrificed",
                    True,
                    card=card.shown,
                )
            )
        return problems

    def _check_targets(self, path: str, declaration: Declaration) -> list[ScenarioError]:
        """Whether each target is possible at all when the action is declared."""
        effect, targets = declaration.effect, declaration.targets
        if effect in _NEED_TARGETS and not targets:
            return [ScenarioError(f"{path}.targets", "this effect needs a target", [])]
        if effect in _ONE_TARGET and len(targets) > 1:
            return [ScenarioError(f"{path}.targets", "this effect takes exactly one target", list(targets))]
        if effect in _NO_TARGETS and targets:
            return [ScenarioError(f"{path}.targets", "this effect takes no targets", list(targets))]
        problems = []
        for position, target in enumerate(targets):
            why = self._not_on_card(declaration, target) or self._impossible(declaration, target)
            if why:
                problems.append(
                    ScenarioError(
                        f"{path}.targets.{position}",
                        "impossible target for {card}: {why}",
                        target,
                        card=self.shown(declaration.card),
                        why=why,
                    )
                )
        return problems

    def _not_on_card(self, declaration: Declaration, target_id: str) -> Message | None:
        """Why the card's own text rules ``target_id`` out (``None`` if it allows it or states nothing)."""
        card, target = self.cards[declaration.card], self.cards[target_id]
        if card.legal_targets and target.kind not in card.legal_targets:
            return message(
                "{card} may target only {kinds}; {target} is {kind}",
                card=card.shown,
                kinds=word_list(kind.plural for kind in card.legal_targets),
                target=target.shown,
                kind=target.kind.noun,
            )
        if card.target_owner is TargetOwner.OPPONENT and target.owner == card.owner:
            return message(
                "{card} may target only another player's cards; {target} is {owner}'s own",
                card=card.shown,
                target=target.shown,
                owner=card.owner,
            )
        if card.target_owner is TargetOwner.OWN and target.owner != card.owner:
            return message(
                "{card} may target only its owner's cards; {target} belongs to {owner}",
                card=card.shown,
                target=target.shown,
                owner=target.owner,
            )
        return None

    def _impossible(self, declaration: Declaration, target_id: str) -> Message | None:
        """Why ``target_id`` cannot be a target of ``declaration`` now (``None`` if it can)."""
        target, zone, effect = self.cards[target_id], self.zone[target_id], declaration.effect
        shown = target.shown
        if target_id == declaration.card:
            return message("a card cannot target itself")
        if effect is Effect.DESTROY and (not self.in_play(target_id) or target.kind is CardKind.COUNTRY):
            return message(
                "{target} is {kind} in the {zone}; only cards in play other than countries can be destroyed",
                target=shown,
                kind=target.kind.noun,
                zone=zone.label,
            )
        if effect is Effect.LOCK and self.in_play(target_id) and self.locked[target_id]:
            return message("{target} lies locked; only an unlocked card in play can be locked", target=shown)
        if effect is Effect.LOCK and not self.in_play(target_id):
            return message(
                "{target} lies in the {zone}; only an unlocked card in play can be locked",
                target=shown,
                zone=zone.label,
            )
        if effect is Effect.UNLOCK and not self.locked[target_id]:
            return message("{target} is not locked", target=shown)
        if effect is Effect.DISCARD and zone is not Zone.HAND:
            return message(
                "{target} lies in the {zone}; only hand cards can be discarded", target=shown, zone=zone.label
            )
        if effect is Effect.UPGRADE and (
            target.kind is not CardKind.UNIT or zone is not Zone.DEPLOYMENT_ZONE or target.owner != declaration.player
        ):
            return message(
                "an upgrade is played on a unit in the player's own deployment zone; {target} is {kind} of {owner} in "
                "the {zone}",
                target=shown,
                kind=target.kind.noun,
                owner=target.owner,
                zone=zone.label,
            )
        if effect in (Effect.COUNTER, Effect.COUNTER_EFFECT):
            return self._not_counterable(effect, target)
        return None

    def _not_counterable(self, effect: Effect, target: Card) -> Message | None:
        """Why ``target``'s action cannot be countered (or its effect alone) now (``None`` if it can)."""
        earlier = self.by_card.get(target.id)
        if earlier is not None and self.stack[earlier].effect is Effect.PRODUCE_TW:
            return message("{target} only produced TW, which is no action and cannot be prevented", target=target.shown)
        if earlier is None or earlier not in self.pending:
            return message("{target} is not the card of an action declared earlier in this stack", target=target.shown)
        if effect is Effect.COUNTER_EFFECT and target.kind is not CardKind.ACTION_CARD:
            return message(
                "only the effect of an action card can be countered this way; {target} is {kind}",
                target=target.shown,
                kind=target.kind.noun,
            )
        return None
