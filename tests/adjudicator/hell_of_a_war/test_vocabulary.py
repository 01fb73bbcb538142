"""Tests of :mod:`adjudicator.hell_of_a_war.vocabulary`: the Hell of a War card, zone and player vocabulary."""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator.errors import ScenarioError
from adjudicator.hell_of_a_war.vocabulary import ZONES_IN_PLAY, Card, CardKind, Player, Special, Zone
from adjudicator.plain import InvalidScenario


def card(**fields: Any) -> Card:
    values: dict[str, Any] = {
        "id": "c",
        "name": "Radarstation",
        "owner": "Anna",
        "kind": CardKind.BASE_BUILDING,
        "zone": Zone.BASE_ZONE,
    }
    return Card(**(values | fields))


class TestCard:
    @pytest.mark.parametrize(
        ("fields", "message"),
        [
            (
                {"kind": CardKind.ACTION_CARD, "zone": Zone.BASE_ZONE},
                "zone: an action card lies only in: hand, depot, scrapyard (got 'base-zone')",
            ),
            (
                {"zone": Zone.DEPLOYMENT_ZONE},
                "zone: a base building lies only in: hand, depot, base zone, scrapyard (got 'deployment-zone')",
            ),
            (
                {"kind": CardKind.COUNTRY, "zone": Zone.HAND},
                "zone: a country card lies only in: country zone (got 'hand')",
            ),
            (
                {"zone": Zone.HAND, "locked": True},
                "locked: the card lies in the hand; only cards in play (base zone, deployment zone, country zone) can "
                "be locked (got True)",
            ),
            ({"tw": -1}, "tw: the TW the card produces must be 0 or more (got -1)"),
            ({"play_cost": -2}, "play_cost: the play cost of the card must be 0 or more (got -2)"),
            (
                {"unit_type": "infantry"},
                "unit_type: the card is a base building; only units have a unit type (got 'infantry')",
            ),
            (
                {"special": Special.ASSEMBLY},
                "assembly_for: an assembly (special: assembly) names the unit type it makes cheaper, and only an "
                "assembly does (got None)",
            ),
            (
                {"assembly_for": "infantry"},
                "assembly_for: an assembly (special: assembly) names the unit type it makes cheaper, and only an "
                "assembly does (got 'infantry')",
            ),
            (
                {"kind": CardKind.UNIT, "zone": Zone.COUNTRY_ZONE, "special": Special.FEUERWEHR},
                "special: a Feuerwehr is a base building, not a unit card (got 'feuerwehr')",
            ),
            (
                {"special": Special.BLITZANGRIFF},
                "special: the Blitzangriff is an action card, not a base building (got 'blitzangriff')",
            ),
            ({"id": " "}, "id: a card needs an id (got ' ')"),
        ],
    )
    def test_impossible_cards_are_refused_with_the_reason(self, fields: dict[str, Any], message: str) -> None:
        """A card that cannot exist names the field, what was expected and what was found."""
        with pytest.raises(ScenarioError) as raised:
            card(**fields)
        assert str(raised.value) == message

    def test_every_problem_of_a_card_is_reported_at_once(self) -> None:
        """A card in a zone its kind never lies in, with negative TW and play cost, is refused for all three."""
        with pytest.raises(InvalidScenario) as raised:
            card(kind=CardKind.COUNTRY, zone=Zone.HAND, tw=-1, play_cost=-2)
        assert [error.path for error in raised.value.errors] == ["zone", "tw", "play_cost"]

    @pytest.mark.parametrize("zone", list(Zone))
    def test_in_play_means_base_deployment_or_country_zone(self, zone: Zone) -> None:
        """Only the base zone, the deployment zone and the country zone are "in play" (how.spiel)."""
        lying = card(kind=CardKind.BASE_BUILDING if zone is Zone.BASE_ZONE else CardKind.UNIT, zone=zone)
        assert lying.in_play is (zone in {Zone.BASE_ZONE, Zone.DEPLOYMENT_ZONE, Zone.COUNTRY_ZONE})
        assert (zone in ZONES_IN_PLAY) is lying.in_play

    def test_every_kind_has_a_noun_with_its_article(self) -> None:
        """Messages name a card's kind in running English."""
        assert [kind.noun for kind in CardKind] == [
            "a country card",
            "a base building",
            "a land building",
            "an action card",
            "a unit card",
            "an upgrade card",
        ]


class TestPlayer:
    def test_negative_tw_is_refused(self) -> None:
        """A player cannot hold fewer than 0 TW."""
        with pytest.raises(ScenarioError) as raised:
            Player("Ben", tw=-3)
        assert str(raised.value) == "tw: the TW available to the player must be 0 or more (got -3)"

    def test_a_player_needs_a_name(self) -> None:
        """An empty name is refused."""
        with pytest.raises(ScenarioError, match="a player needs a name"):
            Player("")
