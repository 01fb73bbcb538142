"""Tests of :mod:`adjudicator.hell_of_a_war.action_stack`: resolving a Hell of a War action stack,
its errors and its invariants.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from pydantic import TypeAdapter

from adjudicator.hell_of_a_war.action_stack import (
    Declaration,
    Effect,
    StackResult,
    StackScenario,
    Status,
    evaluate_stack,
)
from adjudicator.hell_of_a_war.vocabulary import Card, Player
from adjudicator.plain import InvalidScenario, from_plain, to_plain
from adjudicator.registry import calculators, prepare, run
from rulebook.content.yamlio import load_yaml_text
from tests.conftest import REPOSITORY

# --- plain-data builders (the scenario format users write) -------------------------------------------


def base(card_id: str, owner: str, name: str = "Basisausbau", **extra: Any) -> dict[str, Any]:
    return {"id": card_id, "name": name, "owner": owner, "kind": "base-building", "zone": "base-zone", "tw": 1, **extra}


def spare(owner: str, count: int) -> list[dict[str, Any]]:
    return [base(f"{owner.lower()}-{n}", owner) for n in range(1, count + 1)]


def action_card(card_id: str, owner: str, play_cost: int, name: str = "Aktionskarte", **extra: Any) -> dict[str, Any]:
    return {
        "id": card_id,
        "name": name,
        "owner": owner,
        "kind": "action-card",
        "zone": "hand",
        "play_cost": play_cost,
        **extra,
    }


def unit(card_id: str, owner: str, zone: str = "country-zone", **extra: Any) -> dict[str, Any]:
    return {"id": card_id, "name": "Zerstörer", "owner": owner, "kind": "unit", "zone": zone, **extra}


def scenario(cards: list[dict[str, Any]], stack: list[dict[str, Any]], **fields: Any) -> dict[str, Any]:
    return {"players": [{"name": "Anna"}, {"name": "Ben"}], "cards": cards, "stack": stack, **fields}


RADAR = {"player": "Ben", "card": "radar", "effect": "draw", "tw_cost": 2, "lock": True}


def bomb(player: str, card: str, target: str) -> dict[str, Any]:
    return {"player": player, "card": card, "effect": "destroy", "targets": [target], "tw_cost": 2, "sacrifice": True}


def settle(data: dict[str, Any]) -> StackResult:
    return evaluate_stack(from_plain(StackScenario, data))


def statuses(result: StackResult) -> list[tuple[str, str]]:
    return [(outcome.card, outcome.status.value) for outcome in result.outcomes]


RADAR_227 = scenario(
    [
        base("radar", "Ben", "Radarstation"),
        base("anna-227", "Anna", "227-Pfund Bombe"),
        *spare("Anna", 2),
        *spare("Ben", 2),
        action_card("anna-hand", "Anna", 1, "Explosive Landung"),
    ],
    [RADAR, bomb("Anna", "anna-227", "radar")],
)


class TestResolution:
    def test_last_in_first_out(self) -> None:
        """The last declaration resolves first (how.aktionsstapel), and the trace says so."""
        result = settle(RADAR_227)
        assert [outcome.index for outcome in result.outcomes] == [1, 0]
        assert any(step.rule == "how.aktionsstapel" and "last in, first out" in step.text for step in result.trace)

    def test_an_action_whose_card_is_gone_pays_nothing(self) -> None:
        """The destroyed Radarstation fizzles and its player pays nothing (how.227-pfund-bombe)."""
        result = settle(RADAR_227)
        assert statuses(result) == [("anna-227", "resolved"), ("radar", "fizzled")]
        assert result.tw_paid == {"Anna": 2, "Ben": 0}
        assert result.cards["radar"].zone.value == "scrapyard"

    def test_an_action_whose_target_is_gone_is_released_unlocked(self) -> None:
        """A 227 whose target was destroyed first does nothing, pays nothing, and stays unlocked in play."""
        data = scenario(
            [
                base("radar", "Ben", "Radarstation"),
                base("anna-227", "Anna"),
                base("ben-227", "Ben"),
                *spare("Anna", 2),
                *spare("Ben", 2),
            ],
            [bomb("Anna", "anna-227", "radar"), bomb("Ben", "ben-227", "anna-227")],
        )
        result = settle(data)
        assert statuses(result) == [("ben-227", "resolved"), ("anna-227", "fizzled")]
        assert result.tw_paid["Anna"] == 0

    def test_a_target_destroyed_before_a_bomb_resolves_makes_it_fizzle_in_place(self) -> None:
        """A bomb whose target vanished stays unlocked in the base zone: only its use was earmarked."""
        data = scenario(
            [
                base("x", "Ben"),
                base("anna-227", "Anna"),
                base("anna-b", "Anna"),
                base("ben-227", "Ben"),
                *spare("Anna", 2),
                *spare("Ben", 2),
            ],
            [bomb("Anna", "anna-227", "x"), bomb("Anna", "anna-b", "x")],
        )
        result = settle(data)
        assert statuses(result) == [("anna-b", "resolved"), ("anna-227", "fizzled")]
        assert result.cards["anna-227"].zone.value == "base-zone"
        assert result.cards["anna-227"].locked is False

    def test_costs_are_paid_only_if_payable_when_the_action_resolves(self) -> None:
        """Four base buildings: the counter-227 is paid
        and the Radarstation ends unlocked for lack of TW (how.aktionsstapel).
        """
        data = scenario(
            [
                base("radar", "Anna", "Radarstation"),
                base("anna-227", "Anna"),
                *spare("Anna", 2),
                base("ben-227", "Ben"),
                *spare("Ben", 2),
            ],
            [{**RADAR, "player": "Anna"}, bomb("Ben", "ben-227", "radar"), bomb("Anna", "anna-227", "ben-227")],
        )
        result = settle(data)
        assert statuses(result) == [("anna-227", "resolved"), ("ben-227", "fizzled"), ("radar", "unpaid")]
        assert result.cards["radar"].locked is False
        assert result.tw_paid == {"Anna": 2, "Ben": 0}

    def test_an_ability_that_locks_its_card_fails_once_the_card_is_locked(self) -> None:
        """Zerstörer / Radarstation / Zerstörer: the radar is locked first and draws nothing,
        the first destroyer finds no target.
        """
        data = scenario(
            [unit("z1", "Anna"), unit("z2", "Anna"), base("radar", "Ben", "Radarstation"), *spare("Ben", 2)],
            [
                {"player": "Anna", "card": "z1", "effect": "lock", "targets": ["radar"], "lock": True},
                RADAR,
                {"player": "Anna", "card": "z2", "effect": "lock", "targets": ["radar"], "lock": True},
            ],
        )
        result = settle(data)
        assert statuses(result) == [("z2", "resolved"), ("radar", "unpaid"), ("z1", "fizzled")]
        assert (result.cards["z1"].locked, result.cards["z2"].locked, result.cards["radar"].locked) == (
            False,
            True,
            True,
        )
        assert result.cards_drawn["Ben"] == 0

    def test_an_earmarked_card_cannot_pay_for_another_action(self) -> None:
        """The declared Radarstation is not a TW source for a later reaction of its owner (how.aktionsstapel)."""
        data = scenario(
            [base("radar", "Ben", "Radarstation"), base("ben-227", "Ben"), base("ben-1", "Ben"), base("x", "Anna")],
            [{**RADAR, "tw_cost": 1}, bomb("Ben", "ben-227", "x")],
        )
        with pytest.raises(InvalidScenario) as raised:
            from_plain(StackScenario, data)
        assert str(raised.value) == (
            "stack.1: Ben cannot declare Basisausbau (ben-227) for 2 TW: besides the cards already in the action stack "
            "only 1 TW can be raised (got 2)"
        )

    def test_feuerwehr_voids_the_destruction_but_the_bomb_is_paid_and_sacrificed(self) -> None:
        """A 227 on another base building of a Feuerwehr's owner is paid and sacrificed for nothing (how.feuerwehr)."""
        data = scenario(
            [
                base("fw", "Anna", "Feuerwehr", special="feuerwehr"),
                base("radar", "Anna"),
                base("ben-227", "Ben"),
                *spare("Ben", 2),
            ],
            [bomb("Ben", "ben-227", "radar")],
        )
        result = settle(data)
        assert statuses(result) == [("ben-227", "voided")]
        assert result.tw_paid["Ben"] == 2
        assert (result.cards["radar"].zone.value, result.cards["ben-227"].zone.value) == ("base-zone", "scrapyard")
        assert "how.feuerwehr" in result.trace.rules()

    @pytest.mark.parametrize("order", [("feuerwehr", "radar"), ("radar", "feuerwehr")])
    def test_destroying_a_feuerwehr_with_another_base_building_is_the_same_in_any_order(
        self, order: tuple[str, str]
    ) -> None:
        """One effect on a Feuerwehr and another base building destroys them at once, so the Feuerwehr
        still protects the other (how.feuerwehr) whichever is named first; the Feuerwehr itself is destroyed."""
        data = scenario(
            [
                base("anna-x", "Anna", "Flächenbombardement"),
                base("feuerwehr", "Ben", "Feuerwehr", special="feuerwehr"),
                base("radar", "Ben", "Radarstation"),
            ],
            [{"player": "Anna", "card": "anna-x", "effect": "destroy", "targets": list(order), "lock": True}],
        )
        result = settle(data)
        assert result.cards["feuerwehr"].zone.value == "scrapyard"
        assert result.cards["radar"].zone.value == "base-zone"
        assert result.outcomes[0].reason.text == (
            "Anna locks it; Feuerwehr (feuerwehr) is destroyed; the destruction of Radarstation (radar) is void "
            "(Feuerwehr)."
        )

    @pytest.mark.parametrize(
        ("target", "destroyed"),
        [("fw", True), ("anna-unit", True), ("ben-x", True)],
        ids=["the-feuerwehr-itself", "a-unit", "a-building-of-another-player"],
    )
    def test_feuerwehr_protects_only_its_owners_other_base_buildings(self, target: str, destroyed: bool) -> None:
        """The Feuerwehr does not protect itself, units, or another player's buildings."""
        data = scenario(
            [
                base("fw", "Anna", "Feuerwehr", special="feuerwehr"),
                unit("anna-unit", "Anna"),
                base("ben-x", "Ben"),
                base("ben-227", "Ben"),
                *spare("Ben", 2),
                base("anna-227", "Anna"),
                *spare("Anna", 2),
            ],
            [bomb("Ben" if target != "ben-x" else "Anna", "ben-227" if target != "ben-x" else "anna-227", target)],
        )
        result = settle(data)
        assert (result.cards[target].zone.value == "scrapyard") is destroyed

    def test_erfolgreiche_abwehr_costs_its_grey_box_plus_the_countered_grey_box(self) -> None:
        """The countering player pays 1 + 2 TW, the countered card only its grey box of 2 (how.erfolgreiche-abwehr)."""
        data = scenario(
            [
                action_card("act", "Ben", 2),
                action_card("abwehr", "Anna", 1, "Erfolgreiche Abwehr"),
                base("hafen", "Anna"),
            ],
            [
                {"player": "Ben", "card": "act", "effect": "destroy", "targets": ["hafen"], "tw_cost": 3},
                {"player": "Anna", "card": "abwehr", "effect": "counter-effect", "targets": ["act"]},
            ],
            players=[{"name": "Anna", "tw": 3}, {"name": "Ben", "tw": 5}],
        )
        result = settle(data)
        assert statuses(result) == [("abwehr", "resolved"), ("act", "effect-countered")]
        assert result.tw_paid == {"Anna": 3, "Ben": 2}
        assert result.tw_left == {"Anna": 0, "Ben": 3}
        assert result.cards["hafen"].zone.value == "base-zone"
        assert {result.cards["act"].zone.value, result.cards["abwehr"].zone.value} == {"scrapyard"}

    def test_a_countered_action_card_is_not_paid_but_goes_to_the_scrapyard(self) -> None:
        """Countered as a whole, an action card costs nothing and is
        put on the scrapyard all the same (how.aktionskarten).
        """
        data = scenario(
            [action_card("act", "Ben", 2), action_card("counter", "Anna", 1), base("hafen", "Anna")],
            [
                {"player": "Ben", "card": "act", "effect": "destroy", "targets": ["hafen"]},
                {"player": "Anna", "card": "counter", "effect": "counter", "targets": ["act"]},
            ],
            players=[{"name": "Anna", "tw": 1}, {"name": "Ben", "tw": 2}],
        )
        result = settle(data)
        assert statuses(result) == [("counter", "resolved"), ("act", "countered")]
        assert result.tw_paid == {"Anna": 1, "Ben": 0}
        assert result.cards["act"].zone.value == "scrapyard"

    def test_a_discarded_action_card_was_still_in_hand_and_fizzles_unpaid(self) -> None:
        """Explosive Landung discards the declared card from the hand: it no longer exists when its turn comes."""
        data = scenario(
            [
                action_card("act", "Ben", 2),
                action_card("landung", "Anna", 1, "Explosive Landung"),
                base("hafen", "Anna"),
            ],
            [
                {"player": "Ben", "card": "act", "effect": "destroy", "targets": ["hafen"]},
                {"player": "Anna", "card": "landung", "effect": "discard", "targets": ["act"]},
            ],
            players=[{"name": "Anna", "tw": 1}, {"name": "Ben", "tw": 2}],
        )
        result = settle(data)
        assert statuses(result) == [("landung", "resolved"), ("act", "fizzled")]
        assert result.tw_paid == {"Anna": 1, "Ben": 0}

    def test_producing_tw_happens_at_once_and_cannot_be_countered(self) -> None:
        """Drawing TW is no action: it is done when declared, and a counter aimed at it is refused (how.aktionen)."""
        data = scenario(
            [unit("z", "Anna"), base("ben-1", "Ben"), action_card("counter", "Anna", 0)],
            [
                {"player": "Anna", "card": "z", "effect": "lock", "targets": ["ben-1"], "lock": True},
                {"player": "Ben", "card": "ben-1", "effect": "produce-tw"},
            ],
        )
        result = settle(data)
        assert statuses(result) == [("ben-1", "produced"), ("z", "fizzled")]
        assert result.tw_left["Ben"] == 1
        assert "how.zerstoerer" in result.trace.rules()
        countered = copy.deepcopy(data)
        countered["stack"].append({"player": "Anna", "card": "counter", "effect": "counter", "targets": ["ben-1"]})
        with pytest.raises(
            InvalidScenario, match=r"Basisausbau \(ben-1\) only produced TW, which is no action and cannot be prevented"
        ):
            from_plain(StackScenario, countered)

    def test_a_player_may_extend_the_chain_after_the_opponent_passes(self) -> None:
        """Two reactions in a row by the same player are legal, and the trace cites the chain rule."""
        data = scenario(
            [
                base("radar", "Ben", "Radarstation"),
                *spare("Ben", 2),
                base("a1", "Anna"),
                base("a2", "Anna"),
                *spare("Anna", 4),
            ],
            [RADAR, bomb("Anna", "a1", "radar"), {"player": "Anna", "card": "a2", "effect": "draw", "tw_cost": 1}],
        )
        result = settle(data)
        assert [o.card for o in result.outcomes] == ["a2", "a1", "radar"]
        assert any(
            "adds a further reaction to the chain" in step.text and step.rule == "how.aktionsstapel"
            for step in result.trace
        )

    def test_blitzangriff_forbids_locking_its_target_in_reaction_except_to_draw_tw(self) -> None:
        """After a Blitzangriff, its target may draw TW but not be locked to use an ability (how.blitzangriff)."""
        cards = [
            action_card("blitz", "Ben", 0, "Blitzangriff", special="blitzangriff"),
            base("radar", "Anna", "Radarstation"),
            *spare("Anna", 2),
        ]
        blitz = {"player": "Ben", "card": "blitz", "effect": "destroy", "targets": ["radar"]}
        with pytest.raises(InvalidScenario) as raised:
            from_plain(StackScenario, scenario(cards, [blitz, {**RADAR, "player": "Anna"}]))
        assert str(raised.value) == (
            "stack.1.lock: after the Blitzangriff Blitzangriff (blitz) its target Radarstation (radar) may not be "
            "locked in reaction to use an ability, only to draw TW (got True)"
        )
        result = settle(scenario(cards, [blitz, {"player": "Anna", "card": "radar", "effect": "produce-tw"}]))
        assert result.tw_left["Anna"] == 1 and result.cards["radar"].zone.value == "scrapyard"

    def test_an_assembly_makes_one_unit_per_phase_cheaper(self) -> None:
        """A Kaserne discounts the first infantry resolved;
        the second pays in full and the Kaserne is not locked (how.kaserne).
        """
        infantry = {
            "name": "Infanterie",
            "owner": "Anna",
            "kind": "unit",
            "zone": "hand",
            "play_cost": 2,
            "unit_type": "infantry",
        }
        data = scenario(
            [
                base("kaserne", "Anna", "Kaserne", special="assembly", assembly_for="infantry"),
                *spare("Anna", 4),
                {"id": "inf-1", **infantry},
                {"id": "inf-2", **infantry},
            ],
            [
                {"player": "Anna", "card": "inf-1", "effect": "build"},
                {"player": "Anna", "card": "inf-2", "effect": "build"},
            ],
            phase="build",
        )
        result = settle(data)
        assert all(o.payment is not None for o in result.outcomes)
        assert [(o.card, o.payment.assemblies, len(o.payment.drawn)) for o in result.outcomes if o.payment] == [
            ("inf-2", {"kaserne": 1}, 1),
            ("inf-1", {}, 2),
        ]
        assert result.cards["kaserne"].locked is False
        assert result.tw_paid["Anna"] == 4

    def test_a_build_that_cannot_be_paid_goes_to_the_scrapyard(self) -> None:
        """A build project short of TW never comes into play (how.bauphase, how.spiel)."""
        data = scenario(
            [
                {"id": "tank", "name": "Panzer", "owner": "Anna", "kind": "unit", "zone": "hand", "play_cost": 3},
                *spare("Anna", 3),
                action_card("landung", "Ben", 0),
            ],
            [
                {"player": "Anna", "card": "tank", "effect": "build"},
                {"player": "Anna", "card": "anna-1", "effect": "produce-tw"},
                {"player": "Anna", "card": "anna-2", "effect": "produce-tw"},
            ],
            phase="build",
        )
        spent = copy.deepcopy(data)
        spent["stack"].insert(
            1, {"player": "Anna", "card": "anna-3", "effect": "other", "tw_cost": 3, "note": "spend 3 TW"}
        )
        spent["stack"][1:] = [{"player": "Anna", "card": "anna-3", "effect": "draw"}]
        result = settle(data)
        assert statuses(result)[-1] == ("tank", "resolved")
        short = scenario(
            data["cards"][:1] + spare("Anna", 3),
            [
                {"player": "Anna", "card": "tank", "effect": "build"},
                {"player": "Anna", "card": "anna-1", "effect": "draw", "tw_cost": 1},
            ],
            phase="build",
        )
        result = settle(short)
        assert statuses(result) == [("anna-1", "resolved"), ("tank", "unpaid")]
        assert result.cards["tank"].zone.value == "scrapyard"
        assert "how.bauphase" in result.trace.rules()

    def test_an_upgrade_whose_unit_has_gone_is_lost_but_paid(self) -> None:
        """An upgrade that finds no unit in the deployment zone comes to nothing and is still paid (how.upgrades)."""
        upgrade = {"id": "upg", "name": "Upgrade", "owner": "Anna", "kind": "upgrade", "zone": "hand", "play_cost": 1}
        data = scenario(
            [
                upgrade,
                unit("tank", "Anna", "deployment-zone"),
                *spare("Anna", 1),
                base("ben-227", "Ben"),
                *spare("Ben", 2),
                action_card("zerstoeren", "Ben", 2, "Zerstören"),
            ],
            [
                {"player": "Anna", "card": "upg", "effect": "upgrade", "targets": ["tank"]},
                {"player": "Ben", "card": "zerstoeren", "effect": "destroy", "targets": ["tank"]},
            ],
            phase="build",
        )
        result = settle(data)
        assert statuses(result) == [("zerstoeren", "resolved"), ("upg", "voided")]
        assert result.tw_paid["Anna"] == 1
        assert result.cards["upg"].zone.value == "scrapyard"

    def test_every_step_cites_an_existing_entry(self) -> None:
        """Each trace step names a rule entry of the content, and every declaration is explained."""
        result = settle(RADAR_227)
        known = {path.stem for path in (REPOSITORY / "content" / "hell-of-a-war").glob("*.yaml")}
        assert set(result.trace.rules()) <= known
        assert all(step.text for step in result.trace)


class TestChoices:
    """The rules' choices as inputs: which cards pay, and which build projects the opponent scraps;
    where the scenario does not give them, the default is applied and stated in the trace as a default."""

    DRAW = {"player": "Anna", "card": "anna-radar", "effect": "draw", "tw_cost": 1, "lock": True}
    DEFAULT_PAYERS = (
        "which cards pay is Anna's choice; as the scenario does not give it, the calculator applies the default"
    )

    def _draw(self, **fields: Any) -> StackResult:
        cards = [base("anna-radar", "Anna", "Radarstation"), *spare("Anna", 3)]
        return settle(scenario(cards, [{**self.DRAW, **fields}]))

    def test_the_player_chooses_which_cards_pay(self) -> None:
        result = self._draw(paid_with=["anna-3"])
        assert result.outcomes[0].payment is not None and list(result.outcomes[0].payment.drawn) == ["anna-3"]
        assert result.cards["anna-3"].locked and not result.cards["anna-1"].locked
        texts = [step.text for step in result.trace]
        assert "Anna chooses the cards that pay: Basisausbau (anna-3)" in texts
        assert not any(self.DEFAULT_PAYERS in text for text in texts)

    def test_the_chosen_order_is_kept(self) -> None:
        cards = [base("anna-radar", "Anna", "Radarstation"), *spare("Anna", 3)]
        result = settle(scenario(cards, [{**self.DRAW, "tw_cost": 2, "paid_with": ["anna-3", "anna-1"]}]))
        assert result.outcomes[0].payment is not None
        assert list(result.outcomes[0].payment.drawn) == ["anna-3", "anna-1"]
        assert "Anna chooses the cards that pay: Basisausbau (anna-3), Basisausbau (anna-1)" in [
            step.text for step in result.trace
        ]

    def test_without_a_choice_the_listed_order_is_the_stated_default(self) -> None:
        result = self._draw()
        assert result.cards["anna-1"].locked and not result.cards["anna-3"].locked
        assert any(
            step.rule == "how.technologiewerte" and step.text.startswith(self.DEFAULT_PAYERS) for step in result.trace
        )

    @staticmethod
    def _two_builds(**fields: Any) -> dict[str, Any]:
        """Anna lays a Panzer (2 TW) and an Infanterie (1 TW) with only 2 TW to draw: one must go."""
        cards = [
            {"id": "tank", "name": "Panzer", "owner": "Anna", "kind": "unit", "zone": "hand", "play_cost": 2},
            {"id": "inf", "name": "Infanterie", "owner": "Anna", "kind": "unit", "zone": "hand", "play_cost": 1},
            *spare("Anna", 2),
        ]
        builds = [
            {"player": "Anna", "card": "tank", "effect": "build"},
            {"player": "Anna", "card": "inf", "effect": "build"},
        ]
        return scenario(cards, builds, phase="build", **fields)

    def test_the_opponent_chooses_the_scrapped_build(self) -> None:
        """how.bauphase: "nach Wahl des Gegners" — Ben scraps the Panzer, so the Infanterie is built."""
        result = settle(self._two_builds(opponent_scraps=["tank"]))
        assert sorted(statuses(result)) == [("inf", "resolved"), ("tank", "unpaid")]
        assert result.cards["tank"].zone.value == "scrapyard" and result.cards["inf"].zone.value == "deployment-zone"
        assert result.tw_paid["Anna"] == 1
        assert "the opponent chooses Panzer (tank), which goes to the scrapyard unpaid" in " ".join(
            step.text for step in result.trace
        )

    def test_without_the_opponents_choice_the_last_laid_goes_first_as_a_stated_default(self) -> None:
        result = settle(self._two_builds())
        assert sorted(statuses(result)) == [("inf", "unpaid"), ("tank", "resolved")]
        assert result.tw_paid["Anna"] == 2
        assert "the calculator applies the default, the last laid first: Infanterie (inf)" in " ".join(
            step.text for step in result.trace
        )

    def test_only_as_many_are_scrapped_as_needed(self) -> None:
        """Builds are scrapped only until the rest can be paid: a choice beyond that is not used."""
        result = settle(self._two_builds(opponent_scraps=["inf", "tank"]))
        assert sorted(statuses(result)) == [("inf", "unpaid"), ("tank", "resolved")]

    def test_builds_that_can_all_be_paid_lose_nothing(self) -> None:
        data = self._two_builds(opponent_scraps=["tank"])
        data["cards"].extend(spare("Anna", 3)[2:])
        result = settle(data)
        assert sorted(statuses(result)) == [("inf", "resolved"), ("tank", "resolved")]


class TestSeveralStacks:
    """Several stacks of one phase in one scenario, settled in order with the table carried over; the
    Montagen/Fähigkeiten conflict on TW after a build as a reading option."""

    @staticmethod
    def _werft_then_ability(**fields: Any) -> dict[str, Any]:
        """Anna builds a Zerstörer (3 TW) with a Werft and two buildings; then, in a second stack, wants 1 TW."""
        cards = [
            base("werft", "Anna", "Werft", special="assembly", assembly_for="destroyer"),
            *spare("Anna", 2),
            {
                "id": "ship",
                "name": "Zerstörer",
                "owner": "Anna",
                "kind": "unit",
                "zone": "hand",
                "play_cost": 3,
                "unit_type": "destroyer",
            },
            base("anna-radar", "Anna", "Radarstation", tw=0),
        ]
        first = [{"player": "Anna", "card": "ship", "effect": "build"}]
        second = [{"player": "Anna", "card": "anna-radar", "effect": "draw", "tw_cost": 1, "lock": True}]
        return scenario(cards, first, phase="build", later_stacks=[second], **fields)

    def test_the_second_stack_starts_from_the_table_the_first_left(self) -> None:
        """The Radarstation locked in the first stack cannot pay in the second; TW paid add up; outcomes say which
        stack they stood in."""
        data = copy.deepcopy(RADAR_227)
        data["stack"] = [RADAR]
        data["later_stacks"] = [[bomb("Anna", "anna-227", "ben-1")]]
        result = settle(data)
        assert [(o.stack, o.card, o.status.value) for o in result.outcomes] == [
            (0, "radar", "resolved"),
            (1, "anna-227", "resolved"),
        ]
        assert result.tw_paid == {"Anna": 2, "Ben": 2}
        assert result.cards["radar"].locked and result.cards["ben-1"].zone.value == "scrapyard"
        assert any("the next action stack of the phase (2) opens" in step.text for step in result.trace)

    def test_a_problem_of_a_later_stack_names_its_path(self) -> None:
        """A card destroyed in the first stack cannot be declared in the second: the error says where."""
        data = copy.deepcopy(RADAR_227)
        data["later_stacks"] = [[RADAR]]
        data["stack"] = [bomb("Anna", "anna-227", "radar")]
        with pytest.raises(InvalidScenario) as raised:
            settle(data)
        assert str(raised.value).startswith("later_stacks.0.0")
        assert "radar" in str(raised.value)

    def test_an_empty_later_stack_is_refused(self) -> None:
        data = copy.deepcopy(RADAR_227)
        data["later_stacks"] = [[]]
        with pytest.raises(InvalidScenario, match=r"later_stacks.0: an action stack needs at least one declaration"):
            settle(data)

    def test_by_default_an_assembly_that_made_a_unit_cheaper_draws_no_tw_later_in_the_phase(self) -> None:
        """how.faehigkeiten (the default reading): the Werft may not pay for the Radarstation after the build."""
        with pytest.raises(InvalidScenario, match=r"^later_stacks\.0\.0: Anna cannot declare Radarstation"):
            settle(self._werft_then_ability())

    def test_the_montagen_reading_lets_the_assembly_draw_a_tw_after_the_build(self) -> None:
        """how.montagen (reading ``tw-after-build``): once the build is over, the Werft may be locked for a TW."""
        result = settle(self._werft_then_ability(assembly_reading="tw-after-build"))
        assert [(o.stack, o.card, o.status.value) for o in result.outcomes] == [
            (0, "ship", "resolved"),
            (1, "anna-radar", "resolved"),
        ]
        assert result.cards["werft"].locked
        reading = [step for step in result.trace if step.text.startswith("reading:")]
        assert [step.rule for step in reading] == ["how.montagen"]


# --- bad input: every problem named, with the offending item ----------------------------------------


def _mutated(change: Any) -> dict[str, Any]:
    data = copy.deepcopy(RADAR_227)
    change(data)
    return data


BAD_INPUTS = [
    (
        "paid-with-opponents-card",
        lambda d: d["stack"][1].update(paid_with=["ben-1"]),
        "stack.1.paid_with.0: must be a card of Anna in play that produces TW; Basisausbau (ben-1) belongs to Ben, "
        "lies in the base zone and produces 1 TW (got 'ben-1')",
    ),
    (
        "paid-with-twice",
        lambda d: d["stack"][1].update(paid_with=["anna-1", "anna-1"]),
        "stack.1.paid_with.1: names a card that pays already (got 'anna-1')",
    ),
    (
        "opponent-scraps-no-build",
        lambda d: d.update(opponent_scraps=["radar"]),
        "opponent_scraps.0: must be the id of a card declared with effect build in the stack (got 'radar')",
    ),
    (
        "unknown-card",
        lambda d: d["stack"][1].update(card="anna-228"),
        "stack.1.card: must be the id of a card listed in cards (got 'anna-228')",
    ),
    (
        "unknown-target",
        lambda d: d["stack"][1].update(targets=["radr"]),
        "stack.1.targets.0: must be the id of a card listed in cards (got 'radr')",
    ),
    (
        "card-twice",
        lambda d: d["stack"].append(bomb("Anna", "anna-227", "ben-1")),
        "stack.2.card: a card may stand in the action stack only once; 227-Pfund Bombe (anna-227) was declared "
        "earlier in it (got 'anna-227')",
    ),
    (
        "player-owns-no-such-card",
        lambda d: d["stack"][1].update(player="Ben"),
        "stack.1.card: Ben owns no such card: 227-Pfund Bombe (anna-227) belongs to Anna (got 'anna-227')",
    ),
    (
        "unknown-player",
        lambda d: d["stack"][1].update(player="Carl"),
        "stack.1.player: must name one of the players (Anna, Ben) (got 'Carl')",
    ),
    (
        "negative-tw",
        lambda d: d["players"][0].update(tw=-1),
        "players.0.tw: the TW available to the player must be 0 or more (got -1)",
    ),
    (
        "destroy-a-hand-card",
        lambda d: d["stack"][1].update(targets=["anna-hand"]),
        "stack.1.targets.0: impossible target for 227-Pfund Bombe (anna-227): Explosive Landung (anna-hand) is an "
        "action card in the hand; only cards in play other than countries can be destroyed (got 'anna-hand')",
    ),
    (
        "discard-a-card-in-play",
        lambda d: d["stack"].append({"player": "Anna", "card": "anna-hand", "effect": "discard", "targets": ["ben-1"]}),
        "stack.2.targets.0: impossible target for Explosive Landung (anna-hand): Basisausbau (ben-1) lies in the base "
        "zone; only hand cards can be discarded (got 'ben-1')",
    ),
    (
        "counter-a-card-not-in-the-stack",
        lambda d: d["stack"].append({"player": "Anna", "card": "anna-hand", "effect": "counter", "targets": ["ben-1"]}),
        "stack.2.targets.0: impossible target for Explosive Landung (anna-hand): Basisausbau (ben-1) is not the card "
        "of an action declared earlier in this stack (got 'ben-1')",
    ),
    (
        "counter-the-effect-of-a-building",
        lambda d: d["stack"].append(
            {"player": "Anna", "card": "anna-hand", "effect": "counter-effect", "targets": ["radar"]}
        ),
        "stack.2.targets.0: impossible target for Explosive Landung (anna-hand): only the effect of an action card can "
        "be countered this way; Radarstation (radar) is a base building (got 'radar')",
    ),
    (
        "lock-a-locked-card",
        lambda d: (
            d["cards"][4].update(locked=True),
            d["players"][1].update(tw=1),
            d["stack"].append({"player": "Anna", "card": "anna-1", "effect": "lock", "targets": ["ben-1"]}),
        ),
        "stack.2.targets.0: impossible target for Basisausbau (anna-1): Basisausbau (ben-1) lies locked; only an "
        "unlocked card in play can be locked (got 'ben-1')",
    ),
    (
        "target-itself",
        lambda d: d["stack"][1].update(targets=["anna-227"]),
        "stack.1.targets.0: impossible target for 227-Pfund Bombe (anna-227): a card cannot target itself (got "
        "'anna-227')",
    ),
    (
        "missing-target",
        lambda d: d["stack"][1].update(targets=[]),
        "stack.1.targets: this effect needs a target (got [])",
    ),
    (
        "not-enough-tw",
        lambda d: d["stack"][1].update(tw_cost=3),
        "stack.1: Anna cannot declare 227-Pfund Bombe (anna-227) for 3 TW: besides the cards already in the action "
        "stack only 2 TW can be "
        "raised (got 3)",
    ),
    (
        "duplicate-card-id",
        lambda d: d["cards"].append(base("radar", "Ben")),
        "cards.7.id: every card needs a different id (give each copy its own) (got 'radar')",
    ),
    (
        "owner-not-at-the-table",
        lambda d: d["cards"].append(base("carl-1", "Carl")),
        "cards.7.owner: must be one of the players (Anna, Ben) (got 'Carl')",
    ),
    (
        "action-card-from-the-scrapyard",
        lambda d: (
            d["cards"][6].update(zone="scrapyard"),
            d["stack"].append({"player": "Anna", "card": "anna-hand", "effect": "draw"}),
        ),
        "stack.2.card: an action card is played from the hand; Explosive Landung (anna-hand) lies in the scrapyard "
        "(got 'anna-hand')",
    ),
    (
        "action-card-in-the-block-phase",
        lambda d: (
            d.update(phase="block"),
            d["stack"].append({"player": "Anna", "card": "anna-hand", "effect": "draw"}),
        ),
        "stack.2.card: action cards may not be played in the attack and block declaration phases (got 'block')",
    ),
    (
        "unknown-effect",
        lambda d: d["stack"][1].update(effect="explode"),
        "stack.1.effect: must be one of 'destroy', 'lock', 'unlock', 'counter', 'counter-effect', 'discard', 'draw', "
        "'produce-tw', 'build', "
        "'upgrade', 'other' (got 'explode')",
    ),
]


class TestBadInput:
    @pytest.mark.parametrize(
        ("change", "message"), [case[1:] for case in BAD_INPUTS], ids=[case[0] for case in BAD_INPUTS]
    )
    def test_each_bad_input_is_named_exactly(self, change: Any, message: str) -> None:
        """A bad scenario is refused with the path of the offending item, what was expected and what was found."""
        with pytest.raises(InvalidScenario) as raised:
            from_plain(StackScenario, _mutated(change))
        assert str(raised.value) == message

    def test_every_problem_of_the_stack_is_reported_at_once(self) -> None:
        """Validation collects all problems before failing."""

        def two_problems(data: dict[str, Any]) -> None:
            data["stack"][1].update(targets=["radr"])
            data["stack"].append({"player": "Carl", "card": "anna-hand", "effect": "draw"})

        with pytest.raises(InvalidScenario) as raised:
            from_plain(StackScenario, _mutated(two_problems))
        assert [error.path for error in raised.value.errors] == ["stack.1.targets.0", "stack.2.player"]

    def test_two_bad_fields_of_one_card_are_both_reported(self) -> None:
        """A card whose TW and play cost are both negative is refused for both, not for the first alone."""
        with pytest.raises(InvalidScenario) as raised:
            prepare("stack", _mutated(lambda d: d["cards"][0].update(tw=-1, play_cost=-2)))
        assert [str(error) for error in raised.value.errors] == [
            "cards.0.tw: the TW the card produces must be 0 or more (got -1)",
            "cards.0.play_cost: the play cost of the card must be 0 or more (got -2)",
        ]

    def test_two_bad_fields_of_one_declaration_are_both_reported(self) -> None:
        """A declaration with a negative TW cost that draws no card is refused for both."""
        with pytest.raises(InvalidScenario) as raised:
            prepare("stack", _mutated(lambda d: d["stack"][0].update(tw_cost=-1, amount=0)))
        assert [str(error) for error in raised.value.errors] == [
            "stack.0.tw_cost: the ability's TW cost must be 0 or more (got -1)",
            "stack.0.amount: must draw at least 1 card (got 0)",
        ]

    def test_an_empty_later_stack_is_reported_with_the_problems_of_the_first(self) -> None:
        """An empty later stack does not hide a bad declaration of the first stack, nor the other way round."""
        with pytest.raises(InvalidScenario) as raised:
            prepare("stack", _mutated(lambda d: (d["stack"][1].update(player="Carl"), d.update(later_stacks=[[]]))))
        assert [error.path for error in raised.value.errors] == ["later_stacks.0", "stack.1.player"]

    def test_the_cli_prints_the_problem_without_a_traceback(self, tmp_path: Path) -> None:
        """`rulebook adjudicate stack` on a bad file exits 2 with the file, the line:column and the item named."""
        path = tmp_path / "bad.yaml"
        text = json.dumps(_mutated(lambda d: d["stack"][1].update(card="anna-228")))
        path.write_text(text, encoding="utf-8")
        column = text.index('"anna-228"') + 1  # one line of flow YAML: the column of the bad card id
        completed = subprocess.run(
            [sys.executable, "-m", "rulebook.cli", "adjudicate", "stack", "--scenario", str(path)],
            capture_output=True,
            text=True,
            cwd=REPOSITORY,
            check=False,
        )
        assert completed.returncode == 2
        assert "Traceback" not in completed.stderr
        assert (
            f"{path}:1:{column}: stack.1.card: must be the id of a card listed in cards (got 'anna-228')"
            in completed.stderr + completed.stdout
        )


# --- the calculator as registered -------------------------------------------------------------------


class TestCalculator:
    def test_registered_for_hell_of_a_war(self) -> None:
        """`stack` is a registered calculator of the game hell-of-a-war, run from plain data."""
        assert calculators()["stack"].games == ("hell-of-a-war",)
        assert statuses(run("stack", RADAR_227)) == [("anna-227", "resolved"), ("radar", "fizzled")]  # type: ignore[arg-type]

    def test_json_schema_of_the_scenario(self) -> None:
        """Pydantic derives the scenario's JSON Schema (what `rulebook schema scenario.stack` prints)."""
        schema = TypeAdapter(StackScenario).json_schema()
        assert set(schema["required"]) == {"players", "cards", "stack"}
        assert "produce-tw" in json.dumps(schema)

    def test_cli_text_and_json(self, tmp_path: Path) -> None:
        """The CLI explains the result in English with cited steps, and `--json` gives the plain result."""
        path = tmp_path / "stack.json"
        path.write_text(json.dumps(RADAR_227), encoding="utf-8")
        command = [sys.executable, "-m", "rulebook.cli", "adjudicate", "stack", "--scenario", str(path)]
        text = subprocess.run(command, capture_output=True, text=True, cwd=REPOSITORY, check=True).stdout
        assert text.startswith("227-Pfund Bombe (anna-227), Anna: resolved — Anna pays 2 TW and sacrifices it;")
        assert "[how.aktionsstapel]" in text
        document = json.loads(
            subprocess.run([*command, "--json"], capture_output=True, text=True, cwd=REPOSITORY, check=True).stdout
        )
        assert document["tw_paid"] == {"Anna": 2, "Ben": 0}
        assert document["cards"]["radar"] == {"zone": "scrapyard", "locked": False}

    def test_summary_lists_outcomes_and_tw(self) -> None:
        """The summary has one line per outcome and the TW paid."""
        assert settle(RADAR_227).summary()[-1] == "TW paid: Anna 2, Ben 0."


# --- invariants (Hypothesis) ---------------------------------------------------------------------------

EFFECTS = [
    Effect.DESTROY,
    Effect.LOCK,
    Effect.UNLOCK,
    Effect.COUNTER,
    Effect.COUNTER_EFFECT,
    Effect.DISCARD,
    Effect.DRAW,
    Effect.PRODUCE_TW,
    Effect.OTHER,
]


@st.composite
def tables(draw: st.DrawFn) -> list[dict[str, Any]]:
    """Cards of two players: base buildings (some locked, some Feuerwehren), units in play, action cards in hand."""
    cards: list[dict[str, Any]] = []
    for owner in ("Anna", "Ben"):
        for n in range(draw(st.integers(1, 5))):
            extra = {"special": "feuerwehr"} if draw(st.integers(0, 9)) == 0 else {}
            cards.append(
                base(f"{owner}-b{n}", owner, tw=draw(st.integers(0, 2)), locked=draw(st.integers(0, 3)) == 0, **extra)
            )
        for n in range(draw(st.integers(0, 2))):
            cards.append(unit(f"{owner}-u{n}", owner, locked=draw(st.booleans())))
        for n in range(draw(st.integers(0, 2))):
            cards.append(action_card(f"{owner}-a{n}", owner, draw(st.integers(0, 2))))
    return cards


def _fitting_targets(
    effect: Effect, cards: list[dict[str, Any]], stack: list[dict[str, Any]], acting: str
) -> list[str]:
    """Targets that make sense for ``effect`` when it is declared (the scenario check still has the last word)."""
    in_play = [c for c in cards if c["zone"] != "hand" and c["id"] != acting]
    declared = [d["card"] for d in stack if d["effect"] != "produce-tw"]
    return {
        Effect.DESTROY: [c["id"] for c in in_play],
        Effect.LOCK: [c["id"] for c in in_play if not c.get("locked")],
        Effect.UNLOCK: [c["id"] for c in in_play if c.get("locked")],
        Effect.DISCARD: [c["id"] for c in cards if c["zone"] == "hand" and c["id"] != acting],
        Effect.COUNTER: declared,
        Effect.COUNTER_EFFECT: [card for card in declared if card.split("-")[1].startswith("a")],
    }.get(effect, [])


@st.composite
def stacks(draw: st.DrawFn, effects: tuple[Effect, ...] = tuple(EFFECTS)) -> StackScenario:
    """A valid scenario built declaration by declaration; a declaration that would be illegal is left out."""
    cards = draw(tables())
    players = [{"name": "Anna", "tw": draw(st.integers(0, 3))}, {"name": "Ben", "tw": draw(st.integers(0, 3))}]
    table_players = tuple(from_plain(Player, player) for player in players)
    table_cards = tuple(from_plain(Card, card) for card in cards)
    declared: list[dict[str, Any]] = []
    built: StackScenario | None = None
    for _ in range(draw(st.integers(1, 8))):
        card = draw(st.sampled_from(cards))
        in_hand = card["zone"] == "hand"
        effect = draw(st.sampled_from([e for e in effects if not (in_hand and e is Effect.PRODUCE_TW)]))
        needs_target = effect in (
            Effect.DESTROY,
            Effect.LOCK,
            Effect.UNLOCK,
            Effect.DISCARD,
            Effect.COUNTER,
            Effect.COUNTER_EFFECT,
        )
        fitting = _fitting_targets(effect, cards, declared, card["id"])
        if needs_target and not fitting:
            continue
        declaration = Declaration(
            player=card["owner"],
            card=card["id"],
            effect=effect,
            targets=(draw(st.sampled_from(fitting)),) if needs_target else (),
            tw_cost=draw(st.integers(0, 2)),
            lock=not in_hand and draw(st.booleans()),
            sacrifice=not in_hand and draw(st.integers(0, 3)) == 0,
        )
        try:
            built = StackScenario(table_players, table_cards, (*(built.stack if built else ()), declaration))
        except InvalidScenario:
            continue
        declared.append({"card": card["id"], "effect": effect.value})
    assume(built is not None)  # an action stack needs a declaration
    assert built is not None
    return built


MULTI_TARGET_EFFECTS = [Effect.DESTROY, Effect.LOCK, Effect.UNLOCK, Effect.DISCARD]


@st.composite
def multi_target_stacks(draw: st.DrawFn) -> tuple[StackScenario, int]:
    """A valid stack with one declaration of several targets added at some point; the scenario and its index."""
    table = draw(stacks())
    cards = [to_plain(card) for card in table.cards]
    declared = {declaration.card for declaration in table.stack}
    effect = draw(st.sampled_from(MULTI_TARGET_EFFECTS))
    card = draw(st.sampled_from(cards))
    assume(card["id"] not in declared)
    fitting = _fitting_targets(effect, cards, [], card["id"])
    assume(len(fitting) >= 2)
    targets = draw(st.lists(st.sampled_from(fitting), min_size=2, max_size=4, unique=True))
    index = draw(st.integers(0, len(table.stack)))
    declaration = Declaration(
        player=card["owner"], card=card["id"], effect=effect, targets=tuple(targets), tw_cost=draw(st.integers(0, 2))
    )
    try:
        built = StackScenario(table.players, table.cards, (*table.stack[:index], declaration, *table.stack[index:]))
    except InvalidScenario:
        assume(False)
        raise
    return built, index


class TestInvariants:
    @settings(max_examples=150, deadline=None)
    @given(multi_target_stacks(), st.data())
    def test_any_order_of_a_multi_target_effects_targets_gives_the_same_result(
        self, table_and_index: tuple[StackScenario, int], data: st.DataObject
    ) -> None:
        """An effect on several targets treats them at once, so any permutation of its target list
        gives the same outcomes, payments, final cards and trace."""
        table, index = table_and_index
        declaration = table.stack[index]
        permuted = data.draw(st.permutations(declaration.targets))
        stack = list(table.stack)
        stack[index] = dataclasses.replace(declaration, targets=tuple(permuted))
        other = StackScenario(table.players, table.cards, tuple(stack))
        assert to_plain(evaluate_stack(other)) == to_plain(evaluate_stack(table))

    @settings(max_examples=150, deadline=None)
    @given(stacks(effects=tuple(effect for effect in EFFECTS if effect is not Effect.UNLOCK)))
    def test_no_player_pays_more_tw_than_they_had(self, table: StackScenario) -> None:
        """Without unlock effects, the TW a player pays never exceed
        their unspent TW plus what their unlocked cards produce.
        """
        result = evaluate_stack(table)
        for name, paid in result.tw_paid.items():
            assert 0 <= paid <= result.tw_available[name]
            assert result.tw_left[name] >= 0
        assert sum(outcome.tw_paid for outcome in result.outcomes) == sum(result.tw_paid.values())

    @settings(max_examples=100, deadline=None)
    @given(stacks())
    def test_resolution_is_deterministic_and_each_declaration_ends_once(self, table: StackScenario) -> None:
        """The same scenario, also after a round trip through plain data, always gives the same result;
        every declaration ends once.
        """
        first, second = evaluate_stack(table), settle(copy.deepcopy(to_plain(table)))
        assert to_plain(first) == to_plain(second)
        assert sorted(outcome.index for outcome in first.outcomes) == list(range(len(table.stack)))
        stacked = [outcome.index for outcome in first.outcomes if outcome.status is not Status.PRODUCED]
        assert stacked == sorted(stacked, reverse=True)

    @settings(max_examples=200, deadline=None)
    @given(
        effect=st.sampled_from([Effect.DESTROY, Effect.LOCK, Effect.DISCARD, Effect.DRAW, Effect.OTHER]),
        cost=st.integers(0, 4),
        spare_tw=st.integers(0, 3),
        pool=st.integers(0, 3),
        with_card=st.booleans(),
    )
    def test_a_single_action_with_enough_tw_and_a_valid_target_resolves(
        self, effect: Effect, cost: int, spare_tw: int, pool: int, with_card: bool
    ) -> None:
        """Alone in the stack, an affordable action on a valid target always resolves and costs exactly its price."""
        buildings = max(0, cost - pool) + spare_tw
        acting = action_card("act", "Anna", 0) if with_card else base("act", "Anna", "Fähigkeit", tw=0)
        target = {Effect.DESTROY: "ben-x", Effect.LOCK: "ben-x", Effect.DISCARD: "ben-hand"}.get(effect)
        data = scenario(
            [acting, *spare("Anna", buildings), base("ben-x", "Ben"), action_card("ben-hand", "Ben", 1)],
            [
                {
                    "player": "Anna",
                    "card": "act",
                    "effect": effect.value,
                    "targets": [target] if target else [],
                    "tw_cost": cost,
                }
            ],
            players=[{"name": "Anna", "tw": pool}, {"name": "Ben"}],
        )
        result = settle(data)
        assert [outcome.status for outcome in result.outcomes] == [Status.RESOLVED]
        assert result.tw_paid["Anna"] == cost


# --- the worked examples of the FAQ ---------------------------------------------------------------------


def _stack_examples() -> list[Path]:
    return sorted(
        path
        for path in (REPOSITORY / "content" / "hell-of-a-war" / "examples").glob("*.yaml")
        if load_yaml_text(path.read_text(encoding="utf-8"))["calculator"] == "stack"
    )


class TestExamples:
    def test_the_faq_stack_examples_are_all_there(self) -> None:
        """The four action-stack examples of the FAQ, Feuerwehr, Erfolgreiche Abwehr and the Kaserne are content."""
        ids = {path.stem for path in _stack_examples()}
        assert {
            "how.example.radar-227",
            "how.example.counter-227",
            "how.example.destroyer-radar-destroyer",
            "how.example.four-base-buildings-radar",
            "how.example.feuerwehr-voids-227",
            "how.example.erfolgreiche-abwehr-cost",
            "how.example.kaserne-infantry",
        } <= ids

    @pytest.mark.parametrize("path", _stack_examples(), ids=lambda path: path.stem)
    def test_quotes_are_verbatim_from_the_entry(self, path: Path) -> None:
        """The German quote is copied exactly from the original body of the first entry,
        the English from its translation.
        """
        example = load_yaml_text(path.read_text(encoding="utf-8"))
        entry = load_yaml_text(
            (REPOSITORY / "content" / "hell-of-a-war" / f"{example['entries'][0]}.yaml").read_text(encoding="utf-8")
        )
        for lang in ("de", "en"):
            assert example["quote"][lang] in entry["text"][lang]["body"]
        assert example["assumptions"], "every example states what the source leaves open"
