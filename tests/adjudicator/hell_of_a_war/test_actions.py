"""Tests of :mod:`adjudicator.hell_of_a_war.actions`: what a declared action costs and how a player pays it."""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator.errors import ScenarioError
from adjudicator.hell_of_a_war.actions import Board, Declaration, Effect, Payment
from adjudicator.hell_of_a_war.vocabulary import Card, CardKind, Player, Special, Zone
from adjudicator.plain import InvalidScenario


def building(card_id: str, owner: str = "Anna", tw: int = 1, **extra: Any) -> Card:
    return Card(
        id=card_id, name="Basisausbau", owner=owner, kind=CardKind.BASE_BUILDING, zone=Zone.BASE_ZONE, tw=tw, **extra
    )


KASERNE = building("kaserne", special=Special.ASSEMBLY, assembly_for="infantry")
INFANTRY = Card(
    id="inf", name="Infanterie", owner="Anna", kind=CardKind.UNIT, zone=Zone.HAND, play_cost=3, unit_type="infantry"
)
TANK = Card(id="tank", name="Panzer", owner="Anna", kind=CardKind.UNIT, zone=Zone.HAND, play_cost=3, unit_type="tank")
ACTION = Card(id="act", name="Aktionskarte", owner="Ben", kind=CardKind.ACTION_CARD, zone=Zone.HAND, play_cost=2)
ABWEHR = Card(
    id="abwehr", name="Erfolgreiche Abwehr", owner="Anna", kind=CardKind.ACTION_CARD, zone=Zone.HAND, play_cost=1
)


def board(*cards: Card, anna_tw: int = 0) -> Board:
    return Board((Player("Anna", tw=anna_tw), Player("Ben")), cards, ())


class TestDeclaration:
    @pytest.mark.parametrize(
        ("fields", "message"),
        [
            ({"tw_cost": -1}, "tw_cost: the ability's TW cost must be 0 or more (got -1)"),
            ({"amount": 0}, "amount: must draw at least 1 card (got 0)"),
            ({"targets": ("x", "y", "x")}, "targets: names a target more than once (got 'x')"),
        ],
    )
    def test_impossible_declarations_are_refused(self, fields: dict[str, object], message: str) -> None:
        """Negative costs, drawing no card and a target named twice are refused with the value."""
        with pytest.raises(ScenarioError) as raised:
            Declaration("Ben", "radar", Effect.DRAW, **fields)  # type: ignore[arg-type]
        assert str(raised.value) == message

    def test_every_problem_of_a_declaration_is_reported_at_once(self) -> None:
        """A negative cost, no card drawn and a target named twice are refused together."""
        with pytest.raises(InvalidScenario) as raised:
            Declaration("Ben", "radar", Effect.DRAW, tw_cost=-1, amount=0, targets=("x", "x"))
        assert [error.path for error in raised.value.errors] == ["tw_cost", "amount", "targets"]


class TestCost:
    @pytest.mark.parametrize(
        ("declaration", "effect_countered", "cost"),
        [
            (Declaration("Anna", "radar", Effect.DRAW, tw_cost=2, lock=True), False, 2),
            (Declaration("Ben", "act", Effect.OTHER, tw_cost=3), False, 5),
            (Declaration("Ben", "act", Effect.OTHER, tw_cost=3), True, 2),
            (Declaration("Anna", "abwehr", Effect.COUNTER_EFFECT, targets=("act",)), False, 3),
            (Declaration("Anna", "inf", Effect.BUILD), False, 3),
        ],
        ids=[
            "ability",
            "action-card-grey-box-plus-description",
            "effect-countered-grey-box-only",
            "erfolgreiche-abwehr",
            "build",
        ],
    )
    def test_cost_table(self, declaration: Declaration, effect_countered: bool, cost: int) -> None:
        """Abilities cost their description; cards played add the grey box; a countered effect leaves only the grey box
        (how.aktionskarten); the Erfolgreiche Abwehr adds the countered card's grey box (how.erfolgreiche-abwehr).
        """
        table = board(building("radar"), ACTION, ABWEHR, INFANTRY)
        assert table.cost(declaration, effect_countered) == cost


class TestPlan:
    def test_unspent_tw_come_first_then_cards_in_listed_order(self) -> None:
        """TW already drawn in the phase are used before any card is locked, then cards in the order listed."""
        table = board(building("b1"), building("b2"), building("b3"), anna_tw=1)
        assert table.plan("Anna", "x", 2, None) == Payment(tw=2, from_pool=1, drawn={"b1": 1})

    def test_a_card_producing_more_than_needed_is_locked_whole(self) -> None:
        """A 2-TW card locked for 1 TW gives its surplus to the phase pool (the payment records 2 drawn)."""
        table = board(building("big", tw=2))
        assert table.plan("Anna", "x", 1, None) == Payment(tw=1, drawn={"big": 2})

    def test_short_of_tw_gives_no_plan(self) -> None:
        """Nothing is paid when the TW do not suffice."""
        assert board(building("b1")).plan("Anna", "x", 2, None) is None

    def test_locked_earmarked_acting_and_foreign_cards_do_not_pay(self) -> None:
        """Only the player's own unlocked cards in play, not in the stack and not the acting card,
        produce TW (how.aktionsstapel).
        """
        cards = (
            building("acting"),
            building("locked", locked=True),
            building("earmarked"),
            building("bens", owner="Ben"),
            building("free"),
        )
        table = board(*cards)
        table.pending[0] = Declaration("Anna", "earmarked", Effect.DRAW)
        assert table.tw_sources("Anna", "acting") == ["free"]
        assert table.available("Anna", "acting", None) == 1

    def test_assemblies_pay_first_and_only_for_their_unit_type(self) -> None:
        """A Kaserne makes infantry cheaper without being locked, but a tank is paid by locking it (how.montagen)."""
        table = board(KASERNE, building("b1"), building("b2"), building("b3"), INFANTRY, TANK)
        assert table.plan("Anna", "inf", 3, "infantry") == Payment(
            tw=3, drawn={"b1": 1, "b2": 1}, assemblies={"kaserne": 1}
        )
        assert table.plan("Anna", "tank", 3, "tank") == Payment(tw=3, drawn={"kaserne": 1, "b1": 1, "b2": 1})

    def test_a_used_assembly_neither_discounts_again_nor_pays_tw_in_the_phase(self) -> None:
        """After making one unit cheaper,
        an assembly serves no other unit and is no TW source this phase (how.kaserne).
        """
        table = board(KASERNE, building("b1"), INFANTRY)
        table.assemblies_used.add("kaserne")
        assert table.assemblies("Anna", "infantry") == []
        assert table.tw_sources("Anna", None) == ["b1"]
