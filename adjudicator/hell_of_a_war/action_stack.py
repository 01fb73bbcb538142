"""Hell of a War: the action stack — who pays, what resolves, what fizzles, and why.

Game ``hell-of-a-war``, source ``001_6dfd36dc833f0c3c.txt`` (the HoW FAQ). The
players declare actions and reactions one after the other (:class:`Declaration`,
in the order of :attr:`StackScenario.stack`); when nobody reacts any more the
stack is worked through last in, first out. Unlike Magic-style stacks, costs are
paid only when an action actually resolves, and only if they can be paid then.
Every step of the :class:`StackResult`'s trace cites the entry that decides it:

- ``how.aktionsstapel`` — last in, first out; a card stands in the stack only
  once; declaring a card earmarks it (the FAQ's symbolic lock) so that it cannot
  pay for another action of the stack; a declaration is legal when its player
  has the TW for it besides the earmarked cards; an action whose card or target
  is gone, or that can no longer be paid, does nothing, its card is released and
  nothing is paid; a player may extend a chain of reactions after the opponent
  passes;
- ``how.227-pfund-bombe`` — only the player whose action is carried out pays;
  the bomb is paid and sacrificed; ``how.opfern`` — a sacrifice is paid *after*
  the effect; ``how.aktionen`` — every condition must hold for an action to take
  effect; producing TW cannot be prevented; ``how.technologiewerte``,
  ``how.basisausbaukarten``, ``how.landausbaukarten`` — TW are drawn by locking
  and last until the end of the phase;
- ``how.aktionskarten``, ``how.karte-spielen`` — playing a card is an action;
  an action card is paid only when it resolves and still exists, and goes to the
  scrapyard even when it is countered; a card whose effect alone is countered
  pays only its play cost (the grey box); ``how.erfolgreiche-abwehr`` — the
  Erfolgreiche Abwehr costs its own play cost plus the countered card's;
- ``how.feuerwehr`` — the destruction of any *other* base building of the
  Feuerwehr's owner is void, but the destroying action is still paid (and a 227
  sacrificed); an effect on several targets treats them at once (a Feuerwehr among
  them still protects the others), so the order of its target list changes nothing;
  ``how.blitzangriff`` — after a Blitzangriff its target may not be locked in
  reaction to use an ability, except to draw TW;
- ``how.montagen``, ``how.kaserne``, ``how.werft`` — an assembly makes one unit
  per phase cheaper by its TW without being locked, and may then not be locked
  for TW in the same phase (``how.faehigkeiten``: alternative abilities);
- ``how.zerstoerer`` — the owner of a building about to be locked may still draw
  its TW in reaction; ``how.sperren-entsperren`` — locking and unlocking;
  ``how.abwerfen`` — only hand cards can be discarded; ``how.schrottplatz`` —
  destroyed cards go to the scrapyard; ``how.bauphase``,
  ``how.basisausbauphase``, ``how.spiel`` — building is an action; a project that
  cannot be paid does not come into play; ``how.upgrades`` — an upgrade whose unit
  has left the deployment zone is lost but paid; ``how.ziehen-karte`` — drawing;
- ``how.sabotage``, ``how.hq`` — cost modifiers (:attr:`Card.cost_modifiers`): an
  unlocked Sabotage makes a land building dearer while it is paid (a build is laid
  regardless, and settled with the modifiers in force when it comes up); an HQ locked
  in reaction to a base building being brought into play makes it dearer.

TW are paid from the player's unspent TW of the phase (:attr:`Player.tw`) and
then by locking their unlocked, not earmarked cards that produce TW — the ones the
player chooses (:attr:`Declaration.paid_with`) first, else in the order the cards are
listed, which the trace states as the default; units are first made cheaper by the
player's assemblies. When a player cannot pay for all of their build projects together,
projects go to the scrapyard as the opponent chooses (:attr:`StackScenario.opponent_scraps`,
``how.bauphase``) until the rest can be paid; without that choice the last laid goes first,
stated in the trace as the default.

Complexity: O(d · (d + c)) for d declarations and c cards.

>>> anna_bomb = Card(id="anna-227", name="227-Pfund Bombe", owner="Anna", kind=CardKind.BASE_BUILDING,
...                  zone=Zone.BASE_ZONE, tw=1)
>>> radar = Card(id="radar", name="Radarstation", owner="Ben", kind=CardKind.BASE_BUILDING, zone=Zone.BASE_ZONE, tw=1)
>>> depots = [Card(id=f"{p}-{n}", name="Basisausbau", owner=p.capitalize(), kind=CardKind.BASE_BUILDING,
...                zone=Zone.BASE_ZONE, tw=1) for p in ("anna", "ben") for n in (1, 2)]
>>> result = evaluate_stack(StackScenario(
...     players=(Player("Anna"), Player("Ben")), cards=(anna_bomb, radar, *depots),
...     stack=(Declaration("Ben", "radar", Effect.DRAW, tw_cost=2, lock=True),
...            Declaration("Anna", "anna-227", Effect.DESTROY, targets=("radar",), tw_cost=2, sacrifice=True))))
>>> [(outcome.card, outcome.status.value) for outcome in result.outcomes]
[('anna-227', 'resolved'), ('radar', 'fizzled')]
>>> result.tw_paid
{'Anna': 2, 'Ben': 0}
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass, field
from enum import Enum
from typing import ClassVar

from adjudicator.errors import ScenarioError
from adjudicator.hell_of_a_war.actions import (
    ABILITIES,
    ACTION_CARDS,
    ACTIONS,
    ASSEMBLIES,
    BASE_BUILDING_PHASE,
    BASE_BUILDINGS,
    BLITZ,
    BOMB,
    BUILD_PHASE,
    DESTROYER,
    DISCARDING,
    DRAWING,
    EXPLOSIVE_LANDING,
    FIRE_BRIGADE,
    IN_PLAY,
    LAND_BUILDINGS,
    LOCKING,
    PLAY_CARD,
    PLAYED_FROM_HAND,
    SACRIFICE,
    SCRAPYARD,
    STACK,
    SUCCESSFUL_DEFENCE,
    TECH_VALUES,
    UPGRADES,
    Board,
    Declaration,
    Effect,
    Payment,
    cards_message,
)
from adjudicator.hell_of_a_war.vocabulary import (
    Card,
    CardKind,
    ModifierCondition,
    Phase,
    Player,
    Special,
    Zone,
    named_card_ruling,
)
from adjudicator.limits import SCENARIO_CARDS, STACK_DECLARATIONS, SizeLimit
from adjudicator.meaning import Kind, means
from adjudicator.messages import N_, Message, MessageList, N_plural, Summarized, message
from adjudicator.plain import InvalidScenario, PlainHooks
from adjudicator.registry import Calculator
from adjudicator.trace import Trace, TraceBuilder

__all__ = [
    "CALCULATORS",
    "CardState",
    "Declaration",
    "Effect",
    "Outcome",
    "Payment",
    "StackResult",
    "StackScenario",
    "Status",
    "evaluate_stack",
]


class Status(Enum):
    """How a declaration ended."""

    RESOLVED = "resolved"
    """Paid and took effect."""
    VOIDED = "voided"
    """Paid, but its effect came to nothing (a Feuerwehr; an upgrade whose unit is gone)."""
    EFFECT_COUNTERED = "effect-countered"
    """Its effect was countered (Erfolgreiche Abwehr): only its play cost was paid."""
    COUNTERED = "countered"
    """Countered as a whole: no effect, nothing paid."""
    FIZZLED = "fizzled"
    """Its card or a target no longer exists or is no longer valid: no effect, nothing paid."""
    UNPAID = "unpaid"
    """It could not be paid when its turn came: no effect, nothing paid, the card released."""
    PRODUCED = "produced"
    """TW drawn at once (effect ``produce-tw``), outside the stack."""

    @property
    def label(self) -> str:
        """The status as a catalog word.

        >>> Status.EFFECT_COUNTERED.label
        'effect countered'
        """
        return _STATUS_LABELS[self]


_STATUS_LABELS = {
    Status.RESOLVED: N_("resolved"),
    Status.VOIDED: N_("voided"),
    Status.EFFECT_COUNTERED: N_("effect countered"),
    Status.COUNTERED: N_("countered"),
    Status.FIZZLED: N_("fizzled"),
    Status.UNPAID: N_("unpaid"),
    Status.PRODUCED: N_("produced"),
}


class AssemblyReading(Enum):
    """Whether an assembly that made a unit cheaper may draw a TW once the build is over: the entries disagree."""

    NO_TW_AFTER_BUILD = "no-tw-after-build"
    """``how.faehigkeiten``: alternative abilities — having made a unit cheaper, the assembly draws no TW in the
    rest of the phase either ("NICHT erst … einen Panzer vergünstigen UND dann … 1 TW ziehen"). The default."""
    TW_AFTER_BUILD = "tw-after-build"
    """``how.montagen``: the assembly was not locked, so after the build it may still be locked for a TW in a
    later stack of the phase ("nach Abschluss des Bauvorganges das TW nunmehr zur Verfügung steht")."""


@dataclass(frozen=True)
class StackScenario(PlainHooks):
    """The players, every card that matters, and the declarations in the order they were made."""

    size_limits: ClassVar[tuple[SizeLimit, ...]] = (
        SizeLimit("cards", SCENARIO_CARDS, N_("cards"), N_("list only the cards that matter")),
        SizeLimit("stack", STACK_DECLARATIONS, N_("declarations"), N_("declare fewer actions and reactions")),
        SizeLimit("later_stacks", STACK_DECLARATIONS, N_("stacks"), N_("give fewer later stacks")),
        SizeLimit("later_stacks.*", STACK_DECLARATIONS, N_("declarations"), N_("declare fewer actions and reactions")),
    )
    """Fields whose cost grows with their size (:mod:`adjudicator.limits`)."""

    players: tuple[Player, ...]
    """Everyone at the table, with the TW already at their disposal in this phase."""
    cards: tuple[Card, ...]
    """Every card declared, targeted or able to pay TW; cards that produce TW are locked to
    pay in the order listed here."""
    stack: tuple[Declaration, ...]
    """The declarations, first announced first."""
    phase: Phase | None = None
    """The current phase, when it matters (action cards, building)."""
    opponent_scraps: tuple[str, ...] = field(
        default=(), metadata=means(Kind.REFERENCES, refers_to="cards.id", shown_by=("name", "owner"), expert=True)
    )
    """The build projects the opponent chooses to put on the scrapyard, in this order, when a player cannot pay
    for all of theirs ("nach Wahl des Gegners", ``how.bauphase``); none given: the last laid goes first, and
    the trace says so."""

    later_stacks: tuple[tuple[Declaration, ...], ...] = ()
    """Further action stacks of the same phase, in the order they were opened: each is settled after the one
    before, with the table (zones, locks, unspent TW, assemblies used) as that one left it."""
    assembly_reading: AssemblyReading = field(default=AssemblyReading.NO_TW_AFTER_BUILD, metadata=means(expert=True))
    """Whether an assembly that made a unit cheaper may be locked for a TW in a later stack of the phase: the
    Fähigkeiten entry says no (the default), the Montagen entry yes (see the note on both)."""

    def __post_init__(self) -> None:
        empty = [
            ScenarioError(path, "an action stack needs at least one declaration (nothing was declared)", [])
            for path, stack in (
                ("stack", self.stack),
                *((f"later_stacks.{n}", later) for n, later in enumerate(self.later_stacks)),
            )
            if not stack
        ]
        # The declarations are checked by settling the stacks (a later stack's on the table the ones before
        # leave); the settlement is kept, so evaluate_stack does not settle the phase a second time. An empty
        # stack settles as nothing declared, so its problem and those of the other stacks are reported together.
        try:
            _ = self._settled
        except InvalidScenario as invalid:
            raise InvalidScenario(empty + invalid.errors) from None
        if empty:
            raise InvalidScenario(empty)

    @functools.cached_property
    def _settled(self) -> StackResult:
        """The phase settled: every stack in turn; raises :class:`InvalidScenario` with every problem of a stack."""
        return _settle_all(self)


@dataclass(frozen=True)
class Outcome:
    """How one declaration ended."""

    index: int
    """Its position in :attr:`StackScenario.stack`, counted from 0 as in error paths."""
    player: str
    card: str
    """Id of the declared card."""
    name: str
    """Printed name of the declared card."""
    effect: Effect
    status: Status
    tw_paid: int
    """TW its player paid for it (0 unless resolved, voided or effect-countered)."""
    reason: Message
    """Why, in one sentence (the trace cites the rules)."""
    payment: Payment | None = None
    """What was paid and from where; none when nothing was paid or locked."""
    stack: int = 0
    """Which stack of the phase it stood in: 0 for :attr:`StackScenario.stack`, n for ``later_stacks`` n − 1."""


@dataclass(frozen=True)
class CardState:
    """Where a card ends and whether it is locked."""

    zone: Zone
    locked: bool


@dataclass(frozen=True)
class StackResult(Summarized):
    """The settled stack: each declaration's outcome, the TW paid, the final state of every card."""

    outcomes: tuple[Outcome, ...]
    """In the order they happened: TW drawn during the declarations, then the stack last in, first out."""
    tw_paid: dict[str, int]
    """TW each player paid for the stack."""
    tw_available: dict[str, int]
    """TW each player could raise at the start: unspent TW plus what their unlocked cards produce."""
    tw_left: dict[str, int]
    """Unspent TW each player keeps until the end of the phase."""
    cards_drawn: dict[str, int]
    """Cards each player drew through the stack."""
    cards: dict[str, CardState]
    """Every card's final zone and state."""
    trace: Trace

    def summary_messages(self) -> list[Message]:
        """The answer in a few lines: each outcome, the TW paid, the cards that changed.

        >>> result = evaluate_stack(StackScenario((Player("Anna", tw=1),),
        ...     (Card(id="r", name="Radarstation", owner="Anna", kind=CardKind.BASE_BUILDING, zone=Zone.BASE_ZONE),),
        ...     (Declaration("Anna", "r", Effect.DRAW, tw_cost=1, lock=True),)))
        >>> for line in result.summary(): print(line)
        Radarstation (r), Anna: resolved — Anna pays 1 TW and locks it; Anna draws 1 card.
        TW paid: Anna 1.
        """
        lines = [
            message(
                "{name} ({card}), {player}: {status} — {reason}",
                name=outcome.name,
                card=outcome.card,
                player=outcome.player,
                status=outcome.status.label,
                reason=outcome.reason,
            )
            for outcome in self.outcomes
        ]
        lines.append(
            message("TW paid: {payments}.", payments=", ".join(f"{name} {tw}" for name, tw in self.tw_paid.items()))
        )
        return lines


_PAYMENTS = {
    (False, False, False): N_("{player} pays nothing"),
    (True, False, False): N_("{player} pays {cost} TW"),
    (False, True, False): N_("{player} locks it"),
    (False, False, True): N_("{player} sacrifices it"),
    (True, True, False): N_("{player} pays {cost} TW and locks it"),
    (True, False, True): N_("{player} pays {cost} TW and sacrifices it"),
    (False, True, True): N_("{player} locks it and sacrifices it"),
    (True, True, True): N_("{player} pays {cost} TW, locks it and sacrifices it"),
}
"""What a resolved declaration's player paid, by (paid TW, locked the card, sacrificed the card)."""

_CATALOG_FIELDS = {
    "name": N_("the name"),
    "kind": N_("the card type"),
    "tw": N_("the TW it produces"),
    "play_cost": N_("the play cost"),
    "unit_type": N_("the unit type"),
    "special": N_("the card text the calculator applies"),
    "assembly_for": N_("the unit type it makes cheaper"),
    "legal_targets": N_("the legal targets"),
    "target_owner": N_("whose cards it may target"),
    "effect": N_("the effect"),
    "tw_cost": N_("the ability's TW cost"),
    "lock": N_("that using it locks the card"),
    "sacrifice": N_("that the card is sacrificed"),
    "amount": N_("the cards drawn"),
}
"""The fields a scenario may take from the card catalog, as the trace names them (card, then declaration fields)."""

# --- evaluation ---------------------------------------------------------------------------------


class _Table(Board):
    """One evaluation: the board plus the trace, the outcomes, what was paid and what was countered."""

    def __init__(
        self,
        scenario: StackScenario,
        table: tuple[tuple[Player, ...], tuple[Card, ...], frozenset[str]] | None = None,
        stack: tuple[Declaration, ...] | None = None,
    ) -> None:
        """The first stack of ``scenario``; or a later ``stack`` on a ``table`` (players, cards, assemblies used)
        as the stack before left it."""
        players, cards, used = table or (scenario.players, scenario.cards, frozenset())
        super().__init__(players, cards, scenario.stack if stack is None else stack)
        self.assemblies_used.update(used)
        self.phase = scenario.phase
        self.paid = dict.fromkeys(self.players, 0)
        self.cards_drawn = dict.fromkeys(self.players, 0)
        self.declared_zones: dict[int, dict[str, Zone]] = {}
        self.countered: dict[int, tuple[Status, str]] = {}
        self.trace = TraceBuilder()
        self.outcomes: list[Outcome] = []
        self.catalog_cited: set[str] = set()
        self.opponent_scraps = scenario.opponent_scraps
        self.declared_builds = (
            {d.card for later in (scenario.stack, *scenario.later_stacks) for d in later if d.effect is Effect.BUILD}
            if stack is None
            else None
        )
        """The cards built in any stack of the phase, to check the opponent's choice once (first stack only)."""
        self.builds_settled: set[str] = set()
        """Players whose build projects were weighed together (once, when the first of them comes up)."""
        self.scrapped_builds: set[int] = set()
        self.tw_available = {
            name: self.pool[name] + sum(self.cards[c].tw for c in self.tw_sources(name, None)) for name in self.players
        }

    # --- declaration -----------------------------------------------------------------------------

    def declare_all(self) -> list[ScenarioError]:
        """Check the table, then announce every declaration in order; every problem found."""
        problems = self.table_problems()
        for index, declaration in enumerate(self.stack):
            problems.extend(self._declare(index, declaration))
        builds = self.declared_builds
        for position, card_id in enumerate(self.opponent_scraps if builds is not None else ()):
            if builds is not None and card_id not in builds:
                problems.append(
                    ScenarioError(
                        f"opponent_scraps.{position}",
                        "must be the id of a card declared with effect build in the stack",
                        card_id,
                    )
                )
        return problems

    def _declare(self, index: int, declaration: Declaration) -> list[ScenarioError]:
        problems = self.declaration_problems(index, declaration, self.phase)
        if declaration.card in self.cards:
            self.by_card.setdefault(declaration.card, index)
        if problems:
            return problems
        self._cite_catalog(declaration)
        if declaration.effect is Effect.PRODUCE_TW:
            self._produce_tw(index, declaration)
            return []
        # A build is laid whatever cost modifiers add (how.sabotage: as many cards as one likes); whether it
        # can be paid with them is settled when it comes up.
        cost = self.cost(declaration, modified=declaration.effect is not Effect.BUILD)
        available = self.available(declaration.player, declaration.card, self.unit_type(declaration))
        if cost > available:
            return [
                ScenarioError(
                    f"stack.{index}",
                    "{player} cannot declare {card} for {cost} TW: besides the cards already in the action stack only "
                    "{available} TW can be raised",
                    cost,
                    player=declaration.player,
                    card=self.shown(declaration.card),
                    cost=cost,
                    available=available,
                )
            ]
        self._announce(index, declaration, cost, available)
        return []

    def _cite_catalog(self, declaration: Declaration) -> None:
        """One step per entry that states values of the declared card taken from the card catalog."""
        card = self.cards[declaration.card]
        if declaration.card in self.catalog_cited:
            return
        self.catalog_cited.add(declaration.card)
        by_entry: dict[str, list[Message]] = {}
        for name, entry in (*card.sources.items(), *declaration.sources.items()):
            label = _CATALOG_FIELDS.get(name)
            if label is not None:
                by_entry.setdefault(entry, []).append(message(label))
        for entry, fields in by_entry.items():
            self.trace.add(
                entry,
                "{card}: from the card catalog, as this entry states it: {fields}",
                card=card.shown,
                fields=MessageList(tuple(fields), ", "),
            )

    def _announce(self, index: int, declaration: Declaration, cost: int, available: int) -> None:
        card, player = self.cards[declaration.card], declaration.player
        what = self.declared(declaration, modified=declaration.effect is not Effect.BUILD)
        affordable = (
            message(
                "; {player} can raise {available} TW besides the earmarked cards, enough for its {cost} TW",
                player=player,
                available=available,
                cost=cost,
            )
            if cost
            else ""
        )
        if self.pending and self.stack[max(self.pending)].player == player:
            self.trace.add(STACK, "nobody else reacts, so {player} adds a further reaction to the chain", player=player)
        if self.in_play(card.id):
            self.trace.add(
                STACK,
                N_(
                    "{player} reacts with {what}; the card is earmarked (the symbolic lock): it stays unlocked but "
                    "cannot pay for another action in this stack{affordable}"
                )
                if self.pending
                else N_(
                    "{player} declares {what}, which opens the action stack; the card is earmarked (the symbolic "
                    "lock): it stays unlocked but cannot pay for another action in this stack{affordable}"
                ),
                player=player,
                what=what,
                affordable=affordable,
            )
        else:
            rule = (
                BUILD_PHASE if declaration.effect is Effect.BUILD else ACTION_CARDS if not self.pending else PLAY_CARD
            )
            if card.kind is CardKind.BASE_BUILDING:
                rule = BASE_BUILDING_PHASE
            self.trace.add(
                rule,
                N_("{player} reacts with {what}: playing a card is an action, which can be answered by reactions")
                if self.pending
                else N_("{player} declares {what}: playing a card is an action, which can be answered by reactions"),
                player=player,
                what=what,
            )
            rule = EXPLOSIVE_LANDING if declaration.effect is Effect.BUILD else ACTION_CARDS
            self.trace.add(
                rule,
                "{card} still counts as being in {player}'s hand until it resolves and is paid{affordable}",
                card=card.shown,
                player=player,
                affordable=affordable,
            )
        self.pending[index] = declaration
        self.declared_zones[index] = {
            card_id: self.zone[card_id] for card_id in (declaration.card, *declaration.targets)
        }

    def _produce_tw(self, index: int, declaration: Declaration) -> None:
        card, player = self.cards[declaration.card], declaration.player
        self.locked[card.id] = True
        self.pool[player] += card.tw
        rule = (
            LAND_BUILDINGS
            if card.kind is CardKind.LAND_BUILDING
            else BASE_BUILDINGS
            if card.kind is CardKind.BASE_BUILDING
            else TECH_VALUES
        )
        self.trace.add(
            rule,
            "{player} locks {card} and draws {tw} TW at once: drawing TW is no action, goes on no stack and cannot be "
            "prevented",
            player=player,
            card=card.shown,
            tw=card.tw,
        )
        for earlier in self.pending.values():
            if card.id in earlier.targets and earlier.effect is Effect.LOCK:
                self.trace.add(
                    DESTROYER,
                    "{player} may still draw the TW of {card} in reaction to {locker}, which is to lock it",
                    player=player,
                    card=card.shown,
                    locker=self.shown(earlier.card),
                )
            if card.id in earlier.targets and self.cards[earlier.card].special is Special.BLITZANGRIFF:
                self.trace.add(
                    BLITZ,
                    "{blitz} does not forbid drawing TW from {card}: drawing TW is no action",
                    blitz=self.shown(earlier.card),
                    card=card.shown,
                )
        self.outcomes.append(
            Outcome(
                index,
                player,
                card.id,
                card.name,
                declaration.effect,
                Status.PRODUCED,
                0,
                message("{player} locks it and draws {tw} TW at once.", player=player, tw=card.tw),
                Payment(locked_card=True),
            )
        )

    # --- resolution ------------------------------------------------------------------------------

    def run(self) -> StackResult:
        problems = self.declare_all()
        if problems:
            raise InvalidScenario(problems)
        order = sorted(self.pending, reverse=True)
        if len(order) == 1:
            self.trace.add(
                STACK,
                "nobody reacts: {card} alone is in the stack and comes up",
                card=self.shown(self.pending[order[0]].card),
            )
        elif order:
            self.trace.add(
                STACK,
                "nobody reacts any more: the stack is worked through last in, first out, from {last} back to {first}",
                last=self.shown(self.pending[order[0]].card),
                first=self.shown(self.pending[order[-1]].card),
            )
        if order:
            for index in order:
                self._resolve(index)
        return StackResult(
            outcomes=tuple(self.outcomes),
            tw_paid=dict(self.paid),
            tw_available=dict(self.tw_available),
            tw_left=dict(self.pool),
            cards_drawn=dict(self.cards_drawn),
            cards={card_id: CardState(self.zone[card_id], self.locked[card_id]) for card_id in self.cards},
            trace=self.trace.build(),
        )

    def _finish(self, index: int, status: Status, reason: Message, payment: Payment | None = None) -> None:
        declaration = self.pending.pop(index)
        card = self.cards[declaration.card]
        tw = payment.tw if payment else 0
        self.outcomes.append(
            Outcome(index, declaration.player, card.id, card.name, declaration.effect, status, tw, reason, payment)
        )

    def _to_scrapyard(self, card_id: str) -> None:
        self.zone[card_id] = Zone.SCRAPYARD
        self.locked[card_id] = False

    def _resolve(self, index: int) -> None:
        declaration = self.pending[index]
        card, player = self.cards[declaration.card], declaration.player
        if declaration.effect is Effect.BUILD and player not in self.builds_settled:
            self._settle_builds(player)
        if index in self.scrapped_builds:
            self.trace.add(IN_PLAY, "{card} never comes into play: it was scrapped unpaid", card=card.shown)
            return self._finish(
                index,
                Status.UNPAID,
                message(
                    "{player} could not pay for all build projects together: it went to the scrapyard unpaid.",
                    player=player,
                ),
            )
        declared_zone = self.declared_zones[index][card.id]
        if self.zone[card.id] is not declared_zone:
            rule = ACTION_CARDS if card.kind in PLAYED_FROM_HAND else STACK
            self.trace.add(
                rule,
                "{card} comes up but no longer exists (it lies in the {zone}): it has no effect and {player} pays "
                "nothing",
                card=card.shown,
                zone=self.zone[card.id].label,
                player=player,
            )
            return self._finish(
                index,
                Status.FIZZLED,
                message(
                    "it no longer exists (it lies in the {zone}): no effect, nothing paid.",
                    zone=self.zone[card.id].label,
                ),
            )
        countered = self.countered.get(index)
        if countered and countered[0] is Status.COUNTERED:
            self.trace.add(
                ACTION_CARDS,
                "{card} comes up but was countered by {by}: it has no effect and {player} pays nothing",
                card=card.shown,
                by=self.shown(countered[1]),
                player=player,
            )
            self._release(declaration)
            return self._finish(
                index,
                Status.COUNTERED,
                message("countered by {by}: no effect, nothing paid.", by=self.shown(countered[1])),
            )
        invalid = self._invalid_targets(index, declaration)
        if invalid is not None and declaration.effect is not Effect.UPGRADE:
            self.trace.add(
                STACK,
                "{card} comes up but {why}: it does nothing, {player} pays nothing and the card is released ({state})",
                card=card.shown,
                why=invalid,
                player=player,
                state=self._released_state(card),
            )
            self.trace.add(ACTIONS, "every condition of an action must be met for it to take effect")
            return self._finish(index, Status.FIZZLED, message("{why}: no effect, nothing paid.", why=invalid))
        effect_countered = bool(countered and countered[0] is Status.EFFECT_COUNTERED)
        countered_by = self.shown(countered[1]) if countered else None
        if declaration.lock and self.locked[card.id]:
            self.trace.add(
                STACK,
                "{card} comes up but is already locked, so its ability, which locks it, can no longer be used: no "
                "effect, nothing paid",
                card=card.shown,
            )
            return self._finish(
                index,
                Status.UNPAID,
                message("it is already locked, so its ability can no longer be used: no effect, nothing paid."),
            )
        if not effect_countered:
            self._cite_surcharges(declaration)
        cost = self.cost(declaration, effect_countered)
        payment = self.plan(player, card.id, cost, self.unit_type(declaration), declaration.paid_with)
        if payment is None:
            return self._unpaid(index, declaration, cost)
        self._announce_payment(declaration, cost, effect_countered, countered_by)
        self._pay(declaration, payment)
        return self._carry_out(
            index, declaration, cost, payment, declared_zone, invalid, effect_countered, countered_by
        )

    def _announce_payment(
        self, declaration: Declaration, cost: int, effect_countered: bool, countered_by: Message | None
    ) -> None:
        """Trace what the player pays as the card comes up: its play cost only when its effect is countered."""
        card, player = self.cards[declaration.card], declaration.player
        if effect_countered:
            self.trace.add(
                SUCCESSFUL_DEFENCE,
                "{card} comes up with its effect countered by {by}: {player} pays only its play cost of {cost} TW "
                "(the grey box), not the costs in its description",
                card=card.shown,
                by=countered_by,
                player=player,
                cost=cost,
            )
        else:
            rule = (
                ACTION_CARDS
                if card.kind in PLAYED_FROM_HAND
                else BUILD_PHASE
                if declaration.effect is Effect.BUILD
                else BOMB
                if cost
                else STACK
            )
            self.trace.add(
                rule,
                "{card} comes up and can be carried out, so {player} pays its cost now: {price}",
                card=card.shown,
                player=player,
                price=self.price(declaration) or N_("at no cost"),
            )

    def _carry_out(
        self,
        index: int,
        declaration: Declaration,
        cost: int,
        payment: Payment,
        declared_zone: Zone,
        invalid: Message | None,
        effect_countered: bool,
        countered_by: Message | None,
    ) -> None:
        """The paid card's effect (none if countered), its sacrifice and its way to the scrapyard, then the answer."""
        card, player = self.cards[declaration.card], declaration.player
        if effect_countered:
            self._to_scrapyard(card.id)
            self.trace.add(
                ACTION_CARDS,
                "{card} goes to {player}'s scrapyard, though its effect was countered",
                card=card.shown,
                player=player,
            )
            return self._finish(
                index,
                Status.EFFECT_COUNTERED,
                message(
                    "its effect was countered by {by}: {player} pays only its play cost of {cost} TW.",
                    by=countered_by,
                    player=player,
                    cost=cost,
                ),
                payment,
            )
        if declaration.lock:
            self._lock_in_reaction(index, declaration)
        status, effect_text = self._apply(index, declaration, invalid)
        sacrificed = False
        if declaration.sacrifice and self.zone[card.id] is declared_zone:
            self._to_scrapyard(card.id)
            sacrificed = True
            self.trace.add(
                SACRIFICE,
                "{player} sacrifices {card} after its effect: it goes to the scrapyard, as part of the payment",
                player=player,
                card=card.shown,
            )
        if card.kind is CardKind.ACTION_CARD:
            self._to_scrapyard(card.id)
            self.trace.add(
                ACTION_CARDS, "{card} has been played and goes to {player}'s scrapyard", card=card.shown, player=player
            )
        payment = Payment(
            payment.tw, payment.from_pool, payment.drawn, payment.assemblies, declaration.lock, sacrificed
        )
        paying = _PAYMENTS[(cost > 0, declaration.lock, sacrificed)]
        paid = message(paying, player=player, cost=cost)
        return self._finish(index, status, message("{paid}; {effect}", paid=paid, effect=effect_text), payment)

    def _settle_builds(self, player: str) -> None:
        """Weigh ``player``'s build projects together; scrap, as the opponent chooses, until the rest can be paid.

        ``how.bauphase`` and ``how.sabotage``: cards of an unpayable build project go to the scrapyard "nach Wahl
        des Gegners" until the remaining ones can be paid. The choice is :attr:`StackScenario.opponent_scraps`;
        beyond it, the default is the last laid first, stated in the trace.
        """
        self.builds_settled.add(player)
        builds = sorted(i for i, d in self.pending.items() if d.effect is Effect.BUILD and d.player == player)
        if len(builds) < 2 or self._payable_together(builds):
            return
        choices = [self.by_card[card_id] for card_id in self.opponent_scraps if self.by_card.get(card_id) in builds]
        remaining = list(builds)
        while remaining and not self._payable_together(remaining):
            chosen = bool(choices)
            scrapped = choices.pop(0) if chosen else max(remaining)
            remaining.remove(scrapped)
            self.scrapped_builds.add(scrapped)
            card = self.cards[self.pending[scrapped].card]
            self._to_scrapyard(card.id)
            self.trace.add(
                BUILD_PHASE,
                N_(
                    "{player} cannot pay for all of their build projects together: the opponent chooses {card}, "
                    "which goes to the scrapyard unpaid"
                )
                if chosen
                else N_(
                    "{player} cannot pay for all of their build projects together; the opponent chooses which go to "
                    "the scrapyard, and as the scenario does not give the choice (opponent_scraps), the calculator "
                    "applies the default, the last laid first: {card}"
                ),
                player=player,
                card=card.shown,
            )

    def _payable_together(self, indices: list[int]) -> bool:
        """Whether these build projects can all be paid, as they come up (last laid first); the table is unchanged."""
        pool, locked, used = dict(self.pool), dict(self.locked), set(self.assemblies_used)
        payable = True
        for index in sorted(indices, reverse=True):
            declaration = self.pending[index]
            cost = self.cost(declaration)
            payment = self.plan(
                declaration.player, declaration.card, cost, self.unit_type(declaration), declaration.paid_with
            )
            if payment is None:
                payable = False
                break
            self.assemblies_used.update(payment.assemblies)
            for card_id in payment.drawn:
                self.locked[card_id] = True
            raised = payment.from_pool + sum(payment.drawn.values()) + sum(payment.assemblies.values())
            self.pool[declaration.player] += raised - payment.from_pool - payment.tw
        self.pool, self.locked, self.assemblies_used = pool, locked, used
        return payable

    def _cite_surcharges(self, declaration: Declaration) -> None:
        """One step per cost modifier that makes the build coming up dearer, citing the entry that states it."""
        card = self.cards[declaration.card]
        for modifier_card, modifier in self.surcharges(declaration):
            self.trace.add(
                modifier.source or STACK,
                N_("{modifier} lies unlocked while {card} is paid, so building it costs {tw} TW more")
                if modifier.when is ModifierCondition.WHILE_UNLOCKED
                else N_("{modifier} was locked in reaction to {card}, so bringing it into play costs {tw} TW more"),
                modifier=self.shown(modifier_card),
                card=card.shown,
                tw=modifier.tw,
            )

    def _lock_in_reaction(self, index: int, declaration: Declaration) -> None:
        """Record a card with a ``locked-in-reaction`` modifier locked in reaction to builds below it (``how.hq``)."""
        card = self.cards[declaration.card]
        for modifier in card.cost_modifiers:
            if modifier.when is not ModifierCondition.LOCKED_IN_REACTION:
                continue
            for below, pending in self.pending.items():
                built = self.cards[pending.card]
                if below < index and pending.effect is Effect.BUILD and built.kind is modifier.applies_to:
                    self.locked_in_reaction.setdefault(below, []).append(card.id)
                    self.trace.add(
                        modifier.source or STACK,
                        "{modifier} is locked in reaction to {card} being brought into play: {player} must now pay "
                        "{tw} TW more for it or leave it",
                        modifier=card.shown,
                        card=built.shown,
                        player=pending.player,
                        tw=modifier.tw,
                    )

    def _unpaid(self, index: int, declaration: Declaration, cost: int) -> None:
        card, player = self.cards[declaration.card], declaration.player
        available = self.available(player, card.id, self.unit_type(declaration))
        self.trace.add(
            BOMB,
            "{card} comes up: {player} would have to pay {cost} TW but can raise only {available}, and only the player "
            "whose action is carried out pays",
            card=card.shown,
            player=player,
            cost=cost,
            available=available,
        )
        if declaration.effect is Effect.BUILD:
            self._to_scrapyard(card.id)
            self.trace.add(
                BUILD_PHASE,
                "a build project that cannot be paid goes to the scrapyard (when several cannot all be paid, "
                "the opponent chooses which)",
            )
            self.trace.add(
                IN_PLAY,
                "{card} never comes into play: only what had its grey-box cost paid is in play",
                card=card.shown,
            )
            return self._finish(
                index,
                Status.UNPAID,
                message(
                    "{player} cannot pay its {cost} TW: it never comes into play and goes to the scrapyard.",
                    player=player,
                    cost=cost,
                ),
            )
        self.trace.add(
            STACK,
            "so {card} has no effect, nothing is paid and the card is released ({state})",
            card=card.shown,
            state=self._released_state(card),
        )
        return self._finish(
            index,
            Status.UNPAID,
            message(
                "{player} cannot pay its {cost} TW (only {available} left): no effect, nothing paid, the card is "
                "released.",
                player=player,
                cost=cost,
                available=available,
            ),
        )

    def _released_state(self, card: Card) -> str:
        if self.zone[card.id] is Zone.HAND:
            return N_("it stays in the hand")
        return N_("it stays locked") if self.locked[card.id] else N_("it stays unlocked")

    def _release(self, declaration: Declaration) -> None:
        card = self.cards[declaration.card]
        if card.kind is CardKind.ACTION_CARD:
            self._to_scrapyard(card.id)
            self.trace.add(
                ACTION_CARDS,
                "a countered action card goes to its owner's scrapyard all the same: {card}",
                card=card.shown,
            )
        else:
            self.trace.add(STACK, "{card} is released ({state})", card=card.shown, state=self._released_state(card))

    def _invalid_targets(self, index: int, declaration: Declaration) -> Message | None:
        """Why the action has no valid target any more (``None`` if all its targets are still valid)."""
        for target_id in self.in_table_order(declaration.targets):
            target, zone, effect = self.shown(target_id), self.zone[target_id], declaration.effect
            if effect in (Effect.COUNTER, Effect.COUNTER_EFFECT):
                countered_index = self.by_card[target_id]
                if countered_index not in self.pending or zone is not self.declared_zones[countered_index][target_id]:
                    return message("the action of {card} no longer exists", card=target)
                if countered_index in self.countered:
                    return message("the action of {card} has already been countered", card=target)
            elif effect is Effect.UPGRADE:
                if zone is not Zone.DEPLOYMENT_ZONE:
                    return message("{card} is no longer in the deployment zone", card=target)
            elif zone is not self.declared_zones[index][target_id]:
                return message(
                    "its target {card} no longer exists (it lies in the {zone})", card=target, zone=zone.label
                )
            elif effect is Effect.LOCK and self.locked[target_id]:
                return message("its target {card} is already locked", card=target)
            elif effect is Effect.UNLOCK and not self.locked[target_id]:
                return message("its target {card} is no longer locked", card=target)
        return None

    def _pay(self, declaration: Declaration, payment: Payment) -> None:
        card, player = self.cards[declaration.card], declaration.player
        for card_id, tw in payment.assemblies.items():
            self.assemblies_used.add(card_id)
            ruling = named_card_ruling(self.cards[card_id].name)
            rule = ruling.entry if ruling is not None and ruling.assembly else ASSEMBLIES
            self.trace.add(
                rule,
                "{assembly} makes {card} {tw} TW cheaper without being locked (drawing TW without locking); it can "
                "serve "
                "no other unit this phase",
                assembly=self.shown(card_id),
                card=card.shown,
                tw=tw,
            )
            self.trace.add(
                ABILITIES,
                "having made a unit cheaper, {assembly} may not be locked for TW in this phase as well",
                assembly=self.shown(card_id),
            )
        if payment.from_pool:
            self.pool[player] -= payment.from_pool
            self.trace.add(
                TECH_VALUES, "{player} uses {tw} TW already drawn in this phase", player=player, tw=payment.from_pool
            )
        if payment.drawn:
            chosen = [card_id for card_id in payment.drawn if card_id in declaration.paid_with]
            if declaration.paid_with:
                self.trace.add(
                    TECH_VALUES,
                    "{player} chooses the cards that pay: {cards}",
                    player=player,
                    cards=MessageList(tuple(self.shown(card_id) for card_id in chosen), ", "),
                )
            if len(chosen) < len(payment.drawn):
                self.trace.add(
                    TECH_VALUES,
                    "which cards pay is {player}'s choice; as the scenario does not give it, the "
                    "calculator applies the default: the cards in the order listed",
                    player=player,
                )
        drawn_total = 0
        for card_id, tw in payment.drawn.items():
            self.locked[card_id] = True
            drawn_total += tw
            source = self.cards[card_id]
            rule = (
                LAND_BUILDINGS
                if source.kind is CardKind.LAND_BUILDING
                else BASE_BUILDINGS
                if source.kind is CardKind.BASE_BUILDING
                else TECH_VALUES
            )
            self.trace.add(rule, "{player} locks {source} and draws {tw} TW", player=player, source=source.shown, tw=tw)
        surplus = payment.from_pool + drawn_total + sum(payment.assemblies.values()) - payment.tw
        if surplus > 0:
            self.pool[player] += surplus
            self.trace.add(
                TECH_VALUES,
                "the {surplus} TW left over stay available to {player} until the end of the phase",
                surplus=surplus,
                player=player,
            )
        self.paid[player] += payment.tw
        if declaration.lock:
            self.locked[card.id] = True
            rule = BASE_BUILDINGS if card.kind is CardKind.BASE_BUILDING else LOCKING
            self.trace.add(
                rule,
                "{player} locks {card} to use its ability (so it draws no TW in this use)",
                player=player,
                card=card.shown,
            )

    def _apply(self, index: int, declaration: Declaration, invalid: Message | None) -> tuple[Status, Message]:
        """Carry out the effect; the status and what happened, in running text."""
        card, player, effect = self.cards[declaration.card], declaration.player, declaration.effect
        if effect is Effect.DESTROY:
            return self._destroy(declaration)
        if effect in (Effect.LOCK, Effect.UNLOCK):
            for target in declaration.targets:
                self.locked[target] = effect is Effect.LOCK
            targets = self.targets(declaration.targets)
            self.trace.add(
                LOCKING,
                N_("{card} locks {targets}") if effect is Effect.LOCK else N_("{card} unlocks {targets}"),
                card=card.shown,
                targets=targets,
            )
            done = (
                N_plural("{targets} is locked.", "{targets} are locked.")
                if effect is Effect.LOCK
                else N_plural("{targets} is unlocked.", "{targets} are unlocked.")
            )
            return Status.RESOLVED, message(done, targets=targets, count=len(declaration.targets))
        if effect in (Effect.COUNTER, Effect.COUNTER_EFFECT):
            target = declaration.targets[0]
            kind = Status.COUNTERED if effect is Effect.COUNTER else Status.EFFECT_COUNTERED
            self.countered[self.by_card[target]] = (kind, card.id)
            if effect is Effect.COUNTER:
                self.trace.add(
                    ACTION_CARDS,
                    "{card} counters {target}: it will do nothing and need not be paid",
                    card=card.shown,
                    target=self.shown(target),
                )
                return Status.RESOLVED, message("{card} is countered.", card=self.shown(target))
            self.trace.add(
                SUCCESSFUL_DEFENCE,
                "{card} counters only the effect of {target}; {player} bore its own play cost plus that of {target}",
                card=card.shown,
                target=self.shown(target),
                player=player,
            )
            return Status.RESOLVED, message("the effect of {card} is countered.", card=self.shown(target))
        if effect is Effect.DISCARD:
            for target in declaration.targets:
                self._to_scrapyard(target)
            targets = self.targets(declaration.targets)
            self.trace.add(
                DISCARDING,
                N_plural(
                    "{targets} is discarded from the hand to the scrapyard",
                    "{targets} are discarded from the hand to the scrapyard",
                ),
                targets=targets,
                count=len(declaration.targets),
            )
            return Status.RESOLVED, message("{targets} discarded.", targets=targets)
        if effect is Effect.DRAW:
            self.cards_drawn[player] += declaration.amount
            self.trace.add(
                DRAWING,
                "{player} draws {cards} from the top of the depot into the hand",
                player=player,
                cards=cards_message(declaration.amount),
            )
            return Status.RESOLVED, message(
                "{player} draws {cards}.", player=player, cards=cards_message(declaration.amount)
            )
        if effect is Effect.BUILD:
            return self._build(declaration)
        if effect is Effect.UPGRADE:
            if invalid is not None:
                self._to_scrapyard(card.id)
                self.trace.add(
                    UPGRADES,
                    "{why}: the upgrade {card} comes to nothing and is lost, though it is paid",
                    why=invalid,
                    card=card.shown,
                )
                return Status.VOIDED, message("but {why}: the upgrade is lost.", why=invalid)
            self.zone[card.id] = Zone.DEPLOYMENT_ZONE
            self.trace.add(UPGRADES, "{card} upgrades {unit}", card=card.shown, unit=self.shown(declaration.targets[0]))
            return Status.RESOLVED, message("{unit} is upgraded.", unit=self.shown(declaration.targets[0]))
        self.trace.add(ACTIONS, "{card} takes effect: {what}", card=card.shown, what=self.describe(declaration))
        return Status.RESOLVED, message("it takes effect ({what}).", what=self.describe(declaration))

    def _destroy(self, declaration: Declaration) -> tuple[Status, Message]:
        card = self.cards[declaration.card]
        destroyed: list[Message] = []
        voided: list[Message] = []
        # All targets are destroyed at once: a Feuerwehr among them still protects the others, so protection
        # is judged on the table as it was before the effect (the same result for any order of the targets).
        fire_brigades = [
            other
            for other in self.cards.values()
            if other.special is Special.FEUERWEHR and self.zone[other.id] is Zone.BASE_ZONE
        ]
        for target_id in self.in_table_order(declaration.targets):
            target = self.cards[target_id]
            protector = (
                next(
                    (other.id for other in fire_brigades if other.owner == target.owner and other.id != target_id),
                    None,
                )
                if target.kind is CardKind.BASE_BUILDING
                else None
            )
            if protector is not None:
                voided.append(target.shown)
                self.trace.add(
                    FIRE_BRIGADE,
                    "{protector} makes the destruction of {target} void: the ability of {card} is not prevented, "
                    "only the destruction, so it is paid all the same",
                    protector=self.shown(protector),
                    target=target.shown,
                    card=card.shown,
                )
            else:
                destroyed.append(target.shown)
                self._to_scrapyard(target_id)
                self.trace.add(
                    SCRAPYARD,
                    "{card} destroys {target}: it goes to {owner}'s scrapyard",
                    card=card.shown,
                    target=target.shown,
                    owner=target.owner,
                )
        gone = MessageList(tuple(destroyed), " & ")
        void = MessageList(tuple(voided), " & ")
        if not destroyed:
            return Status.VOIDED, message("the destruction of {voided} is void (Feuerwehr).", voided=void)
        if not voided:
            return Status.RESOLVED, message(
                N_plural("{destroyed} is destroyed.", "{destroyed} are destroyed."),
                destroyed=gone,
                count=len(destroyed),
            )
        return Status.RESOLVED, message(
            N_plural(
                "{destroyed} is destroyed; the destruction of {voided} is void (Feuerwehr).",
                "{destroyed} are destroyed; the destruction of {voided} is void (Feuerwehr).",
            ),
            destroyed=gone,
            voided=void,
            count=len(destroyed),
        )

    def _build(self, declaration: Declaration) -> tuple[Status, Message]:
        card = self.cards[declaration.card]
        if card.kind is CardKind.BASE_BUILDING:
            self.zone[card.id], self.locked[card.id] = Zone.BASE_ZONE, False
            self.trace.add(BASE_BUILDING_PHASE, "{card} comes into play unlocked in the base zone", card=card.shown)
            return Status.RESOLVED, message("it comes into play in the base zone, unlocked.")
        zone = Zone.DEPLOYMENT_ZONE if card.kind is CardKind.UNIT else Zone.COUNTRY_ZONE
        self.zone[card.id], self.locked[card.id] = zone, True
        self.trace.add(
            BUILD_PHASE, "{card} is built: it comes into play locked in the {zone}", card=card.shown, zone=zone.label
        )
        return Status.RESOLVED, message("it is built, locked, in the {zone}.", zone=zone.label)


def _settle_all(scenario: StackScenario) -> StackResult:
    """Settle the stacks of the phase one after the other, the table carried over; every problem of a stack."""
    first = _Table(scenario)
    result = first.run()
    used = frozenset(first.assemblies_used)
    steps = list(result.trace)
    outcomes = list(result.outcomes)
    paid, drawn, available = dict(result.tw_paid), dict(result.cards_drawn), dict(result.tw_available)
    for number, stack in enumerate(scenario.later_stacks, start=1):
        players = tuple(dataclasses.replace(player, tw=result.tw_left[player.name]) for player in scenario.players)
        cards = tuple(
            dataclasses.replace(card, zone=result.cards[card.id].zone, locked=result.cards[card.id].locked)
            for card in scenario.cards
        )
        carried = used if scenario.assembly_reading is AssemblyReading.NO_TW_AFTER_BUILD else frozenset()
        table = _Table(scenario, (players, cards, carried), stack)
        table.trace.add(
            STACK,
            "the next action stack of the phase ({number}) opens on the table as the one before left it",
            number=number + 1,
        )
        if used and carried:
            table.trace.add(
                ABILITIES,
                "reading: {assemblies} made a unit cheaper, so it draws no TW for the rest of the phase either "
                "(the Montagen entry reads otherwise: see the note)",
                assemblies=table.targets(tuple(sorted(used))),
            )
        elif used:
            table.trace.add(
                ASSEMBLIES,
                "reading: the build is over, so {assemblies} may now be locked for a TW (the Fähigkeiten entry reads "
                "otherwise: see the note)",
                assemblies=table.targets(tuple(sorted(used))),
            )
        try:
            result = table.run()
        except InvalidScenario as invalid:
            raise InvalidScenario(
                [
                    error.at(f"later_stacks.{number - 1}.{error.path.removeprefix('stack.')}")
                    if error.path.startswith("stack.")
                    else error
                    for error in invalid.errors
                ]
            ) from None
        used = frozenset(table.assemblies_used)
        steps.extend(result.trace)
        outcomes.extend(dataclasses.replace(outcome, stack=number) for outcome in result.outcomes)
        paid = {name: paid[name] + result.tw_paid[name] for name in paid}
        drawn = {name: drawn[name] + result.cards_drawn[name] for name in drawn}
    if not scenario.later_stacks:
        return result
    return dataclasses.replace(
        result,
        outcomes=tuple(outcomes),
        tw_paid=paid,
        tw_available=available,
        cards_drawn=drawn,
        trace=Trace(tuple(steps)),
    )


def evaluate_stack(scenario: StackScenario) -> StackResult:
    """Declare everything, then work the stack through last in, first out; then each later stack of the phase.

    The scenario settled its stacks when it was made, to check them: this is that settlement.
    """
    return scenario._settled


CALCULATORS = (
    Calculator(
        name="stack",
        label=N_("Action stack"),
        title="Hell of a War action stack: who pays, what resolves, what fizzles, and why",
        scenario=StackScenario,
        evaluate=evaluate_stack,
        games=("hell-of-a-war",),
    ),
)
