"""Tests of :mod:`adjudicator.hell_of_a_war.decks`: Hell of a War deck legality per format and the land set-up."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import TypeAdapter

from adjudicator.errors import ScenarioError
from adjudicator.hell_of_a_war.decks import (
    CardType,
    DeckCard,
    DeckFormat,
    DeckScenario,
    LandChoice,
    Nation,
    SetupScenario,
    SetupVariant,
    evaluate_deck,
    evaluate_setup,
)
from adjudicator.plain import InvalidScenario
from adjudicator.registry import calculators, prepare


def titles(
    count: int, copies: int = 1, cost: int = 3, nation: Nation | None = Nation.GERMANY, prefix: str = "Karte"
) -> tuple[DeckCard, ...]:
    nations = (nation,) if nation else ()
    return tuple(DeckCard(f"{prefix} {index}", count=copies, cost=cost, nations=nations) for index in range(count))


class TestDeckCard:
    @pytest.mark.parametrize(
        ("fields", "message"),
        [
            ({"count": 0}, "count: must be 1 or more (got 0)"),
            ({"cost": -2}, "cost: must be 0 or more (got -2)"),
            ({"x_cost": True}, "x_cost: applies to action cards only (got 'unit')"),
        ],
    )
    def test_impossible_lines_are_refused(self, fields: dict[str, Any], message: str) -> None:
        """No copies, negative costs and an X cost on a unit are refused."""
        with pytest.raises(ScenarioError) as raised:
            DeckCard("Panzer IV", **fields)
        assert str(raised.value) == message

    def test_strategy_needs_every_cost(self) -> None:
        """The strategy format sums costs, so every card but base buildings, land cards and X-cost actions needs one."""
        with pytest.raises(InvalidScenario) as raised:
            DeckScenario(
                DeckFormat.STRATEGY,
                (
                    DeckCard("Panzer IV"),
                    DeckCard("Radar", CardType.BASE_BUILDING),
                    DeckCard("Sabotage", CardType.ACTION),
                ),
            )
        assert str(raised.value).splitlines() == [
            "cards.0.cost: the strategy format sums the TW costs of all cards: give this card's cost (got None)",
            "cards.2.cost: the strategy format sums the TW costs of all cards: give this card's cost (got None)",
        ]


class TestFormats:
    @pytest.mark.parametrize(
        ("deck_format", "cards", "legal", "violated"),
        [
            (DeckFormat.HIGHLANDER, titles(50), True, ()),
            (DeckFormat.HIGHLANDER, titles(60), True, ()),
            (DeckFormat.HIGHLANDER, titles(61), False, ("how.highlander-format",)),
            (DeckFormat.HIGHLANDER, titles(49), False, ("how.highlander-format",)),
            (DeckFormat.ADVANCED, titles(25, 2), True, ()),
            (DeckFormat.ADVANCED, titles(24, 2) + (DeckCard("X", count=3),), False, ("how.fortgeschrittenen-format",)),
            (DeckFormat.PRO, titles(15, 4), True, ()),
            (DeckFormat.PRO, titles(12, 4) + (DeckCard("X", count=5),), False, ("how.depot", "how.profi-format")),
            (DeckFormat.PRO, titles(16, 4), False, ("how.profi-format",)),
            (DeckFormat.BASIC, titles(20, 4), True, ()),
            (DeckFormat.BASIC, titles(12, 4), False, ("how.depot",)),
        ],
        ids=[
            "hl-50",
            "hl-60",
            "hl-61",
            "hl-49",
            "adv-2x",
            "adv-3x",
            "pro-4x",
            "pro-5x",
            "pro-64",
            "basic-80",
            "basic-48",
        ],
    )
    def test_format_table(
        self, deck_format: DeckFormat, cards: tuple[DeckCard, ...], legal: bool, violated: tuple[str, ...]
    ) -> None:
        """Minimum 50, maximum 60 (none for strategy and the general rule),
        copies 1 / 2 / 4 per format, never more than 4.
        """
        result = evaluate_deck(DeckScenario(deck_format, cards))
        assert result.legal is legal
        assert result.violated_rules == violated

    def test_same_title_on_two_lines_counts_together(self) -> None:
        """Cards with the same title count together, whatever the list says."""
        cards = titles(48) + (DeckCard("Panzer IV"), DeckCard("Panzer IV"))
        result = evaluate_deck(DeckScenario(DeckFormat.HIGHLANDER, cards))
        assert result.copies["Panzer IV"] == 2
        assert result.violated_rules == ("how.highlander-format",)

    def test_land_cards_are_not_deck_cards(self) -> None:
        """how.depot: land cards in the list do not count towards the 50."""
        result = evaluate_deck(DeckScenario(DeckFormat.HIGHLANDER, titles(49) + (DeckCard("Ukraine", CardType.LAND),)))
        assert result.card_count == 49
        assert not result.legal

    @pytest.mark.parametrize(
        ("card", "violated"),
        [
            (DeckCard("Tiger (Historisch!)", count=2, historic=True), ("how.historisch",)),
            (DeckCard("Bunkerknacker", CardType.BASE_BUILDING, count=2), ("how.bunkerknacker",)),
            (DeckCard("Me262 (Prototyp!)", count=4, prototype=True), ()),
        ],
        ids=["historic", "bunkerknacker", "prototype"],
    )
    def test_historic_and_prototype(self, card: DeckCard, violated: tuple[str, ...]) -> None:
        """Historisch! once (Bunkerknacker always Historisch!), Prototyp! up to 4 times in the deck."""
        result = evaluate_deck(DeckScenario(DeckFormat.PRO, titles(12, 4) + (card,)))
        assert result.violated_rules == violated

    @pytest.mark.parametrize(
        ("nations", "legal", "alliance"),
        [
            ((Nation.GERMANY, Nation.JAPAN), True, "axis"),
            ((Nation.USA, Nation.SOVIET_UNION), True, "allies"),
            ((Nation.GERMANY, Nation.GREAT_BRITAIN), False, None),
        ],
    )
    def test_one_alliance(self, nations: tuple[Nation, Nation], legal: bool, alliance: str | None) -> None:
        """how.depot: only Axis or only Allied cards; cards without markings go anywhere."""
        cards = (
            titles(20, 2, nation=nations[0])
            + titles(5, 2, nation=nations[1], prefix="Zweite")
            + titles(2, nation=None, prefix="Ohne")
        )
        result = evaluate_deck(DeckScenario(DeckFormat.BASIC, cards))
        assert result.legal is legal
        assert (result.alliance.value if result.alliance else None) == alliance


def strategy_deck(*extra: DeckCard, italians: int = 27) -> tuple[DeckCard, ...]:
    """The legal strategy deck of the worked example: 50 cards, 186 TW, Italy second with ``italians`` TW."""
    return (
        *(DeckCard(f"Basis {index}", CardType.BASE_BUILDING, count=2) for index in range(5)),
        DeckCard("X1", CardType.ACTION, x_cost=True),
        DeckCard("X2", CardType.ACTION, x_cost=True),
        *(DeckCard(f"Aktion {index}", CardType.ACTION, cost=1) for index in range(8)),
        *(
            DeckCard(f"DE {index}", count=3, cost=cost, nations=(Nation.GERMANY,))
            for index, cost in enumerate((3, 4, 5, 6, 4, 5, 3, 7))
        ),
        DeckCard("IT 1", count=3, cost=italians // 3 - 4, nations=(Nation.ITALY,)),
        DeckCard("IT 2", count=3, cost=4, nations=(Nation.ITALY,)),
        *extra,
    )


class TestStrategy:
    def test_counted_tw(self) -> None:
        """Base buildings count 2 TW, X-cost action cards 10 TW, the others their cost: 20 + 20 + 8 + 111 + 27 = 186."""
        result = evaluate_deck(DeckScenario(DeckFormat.STRATEGY, strategy_deck()))
        assert (result.legal, result.card_count, result.strategy_tw) == (True, 50, 186)
        assert (result.main_nation, result.second_nation, result.second_nation_unit_tw) == (
            Nation.GERMANY,
            Nation.ITALY,
            27,
        )

    @pytest.mark.parametrize(
        ("extra", "italians", "problem"),
        [
            (
                (
                    DeckCard("X3", CardType.ACTION, x_cost=True),
                    DeckCard("X4", CardType.ACTION, x_cost=True),
                    DeckCard("X5", CardType.ACTION, x_cost=True),
                ),
                27,
                "TW total 216 (base buildings 10 × 2 TW, X-cost action cards 5 × 10 TW, the others at their cost); at "
                "most 210",
            ),
            (
                (DeckCard("Aktion 0", CardType.ACTION, cost=1),),
                27,
                "Aktion 0: 2 copies of an action card; the strategy format allows every action card once",
            ),
            ((), 51, "the second nation provides 51 TW of units; at most 50"),
            (
                (DeckCard("Zero", nations=(Nation.JAPAN,), cost=1),),
                27,
                "cards of at most 2 nations; this deck needs Germany, Italy, Japan",
            ),
        ],
        ids=["over-210", "action-twice", "second-nation-51", "three-nations"],
    )
    def test_strategy_limits(self, extra: tuple[DeckCard, ...], italians: int, problem: str) -> None:
        """The strategy format's TW limit, single action cards and the two-nation rule each make a deck illegal."""
        result = evaluate_deck(DeckScenario(DeckFormat.STRATEGY, strategy_deck(*extra, italians=italians)))
        assert tuple(line.text for line in result.problems) == (problem,)
        assert result.violated_rules == ("how.strategie-format",)

    def test_cards_with_two_markings_go_to_the_main_nation(self) -> None:
        """how.hoheitskennzeichen: a German-Italian card may count for Germany, keeping Italy's unit TW low."""
        both = DeckCard("DE/IT", count=3, cost=10, nations=(Nation.GERMANY, Nation.ITALY))
        result = evaluate_deck(DeckScenario(DeckFormat.STRATEGY, strategy_deck(both)))
        assert result.second_nation_unit_tw == 27
        fixed = evaluate_deck(DeckScenario(DeckFormat.STRATEGY, strategy_deck(both), main_nation=Nation.ITALY))
        assert fixed.second_nation == Nation.GERMANY

    @given(st.lists(st.sampled_from(["base", "x", "action", "unit"]), min_size=1, max_size=30), st.integers(0, 9))
    def test_tw_total_is_the_stated_sum(self, kinds: list[str], cost: int) -> None:
        """The strategy TW total is 2 per base building, 10 per X-cost action card and the cost of every other card."""
        make = {
            "base": lambda i: DeckCard(f"B{i}", CardType.BASE_BUILDING, cost=cost),
            "x": lambda i: DeckCard(f"X{i}", CardType.ACTION, x_cost=True, cost=cost),
            "action": lambda i: DeckCard(f"A{i}", CardType.ACTION, cost=cost),
            "unit": lambda i: DeckCard(f"U{i}", cost=cost, nations=(Nation.GERMANY,)),
        }
        cards = tuple(make[kind](index) for index, kind in enumerate(kinds))
        expected = sum({"base": 2, "x": 10}.get(kind, cost) for kind in kinds)
        assert evaluate_deck(DeckScenario(DeckFormat.STRATEGY, cards)).strategy_tw == expected


def land(name: str, vp: int, party: str, exclusion: bool = False) -> LandChoice:
    return LandChoice(name, vp, party, exclusion)


class TestSetup:
    @pytest.mark.parametrize(
        ("scenario", "legal", "violated", "target"),
        [
            (
                SetupScenario(
                    SetupVariant.TWO_PLAYER,
                    2,
                    (land("A", 4, "P"), land("B", 4, "P"), land("C", 5, "Q"), land("D", 3, "Q")),
                ),
                True,
                (),
                15,
            ),
            (
                SetupScenario(
                    SetupVariant.TWO_PLAYER,
                    2,
                    (land("A", 4, "P"), land("B", 3, "P"), land("C", 5, "Q"), land("D", 3, "Q")),
                ),
                False,
                ("how.spielvorbereitung",),
                15,
            ),
            (
                SetupScenario(
                    SetupVariant.TWO_PLAYER,
                    2,
                    (land("A", 4, "P"), land("A", 4, "P"), land("C", 5, "Q"), land("D", 3, "Q")),
                ),
                False,
                ("how.spielvorbereitung",),
                15,
            ),
            (
                SetupScenario(
                    SetupVariant.TEAMS, 4, tuple(land(f"L{i}", 4, "Achse" if i < 3 else "Alliierte") for i in range(6))
                ),
                True,
                (),
                21,
            ),
            (
                SetupScenario(
                    SetupVariant.TEAMS, 5, tuple(land(f"L{i}", 4, "Achse" if i < 3 else "Alliierte") for i in range(6))
                ),
                False,
                ("how.multiplayer-spiel.gerade-spieleranzahl",),
                21,
            ),
            (
                SetupScenario(
                    SetupVariant.TEAMS, 4, tuple(land(f"L{i}", 4, "Achse" if i < 3 else "Alliierte") for i in range(5))
                ),
                False,
                ("how.multiplayer-spiel.gerade-spieleranzahl",),
                21,
            ),
            (
                SetupScenario(
                    SetupVariant.THREE_PLAYER,
                    3,
                    (land("A", 4, "P1"), land("B", 4, "P2"), land("C", 4, "P2"), land("D", 4, "P3")),
                    turn_order=("P1", "P2", "P3"),
                ),
                False,
                ("how.multiplayer-spiel.ungerade-spieleranzahl",),
                15,
            ),
            (
                SetupScenario(
                    SetupVariant.THREE_PLAYER,
                    3,
                    (land("A", 4, "P1"), land("B", 4, "P2"), land("C", 4, "P2"), land("D", 4, "P3")),
                    joint_choice=True,
                ),
                True,
                (),
                15,
            ),
            (
                SetupScenario(SetupVariant.GLOBAL_DOMINATION, 3, land_pile=3),
                False,
                ("how.multiplayer-spiel.global-domination",),
                30,
            ),
            (SetupScenario(SetupVariant.GLOBAL_DOMINATION, 2, land_pile=10, victory_points_to_win=15), True, (), 15),
        ],
        ids=[
            "two-legal",
            "two-7vp",
            "two-same-land",
            "teams-24vp",
            "teams-5-players",
            "teams-5-lands",
            "three-second-picks-two",
            "three-joint",
            "gd-small-pile",
            "gd-15",
        ],
    )
    def test_setup_table(self, scenario: SetupScenario, legal: bool, violated: tuple[str, ...], target: int) -> None:
        """Two players 2 lands ≥ 8 VP each; teams 6 lands, 3 per team ≥ 11, ≥ 22; three players 4 lands;
        Global Domination 4 drawn, 30 usual.
        """
        result = evaluate_setup(scenario)
        assert result.legal is legal
        assert result.violated_rules == violated
        assert result.victory_points_to_win == target

    def test_target_is_fixed_outside_global_domination(self) -> None:
        """Only Global Domination lets the players agree another target."""
        with pytest.raises(
            ScenarioError, match=r"victory_points_to_win: is fixed by the rules except in Global Domination \(got 30\)"
        ):
            SetupScenario(SetupVariant.TEAMS, 4, victory_points_to_win=30)


class TestCalculators:
    @pytest.mark.parametrize(
        ("name", "data", "messages"),
        [
            (
                "deck",
                {"format": "basic", "cards": [{"name": "Panzer IV", "count": 0, "cost": -1}]},
                ["cards.0.count: must be 1 or more (got 0)", "cards.0.cost: must be 0 or more (got -1)"],
            ),
            (
                "multiplayer-setup",
                {"variant": "global-domination", "players": 1, "land_pile": -1, "victory_points_to_win": 0},
                [
                    "players: must be 2 or more (got 1)",
                    "victory_points_to_win: must be 1 or more (got 0)",
                    "land_pile: must be 0 or more (got -1)",
                ],
            ),
        ],
        ids=["deck", "multiplayer-setup"],
    )
    def test_every_bad_field_is_reported_at_once(self, name: str, data: dict[str, Any], messages: list[str]) -> None:
        """Several bad fields of one deck line or one set-up are all refused, not the first alone."""
        with pytest.raises(InvalidScenario) as raised:
            prepare(name, data)
        assert [str(error) for error in raised.value.errors] == messages

    @pytest.mark.parametrize("name", ["deck", "multiplayer-setup"])
    def test_registered_with_a_json_schema(self, name: str) -> None:
        """Both calculators are registered and their scenarios have JSON Schemas."""
        schema = TypeAdapter(calculators()[name].scenario).json_schema()
        assert schema["type"] == "object"

    def test_summary(self) -> None:
        """The summary says legal or not and lists each problem."""
        result = evaluate_deck(DeckScenario(DeckFormat.HIGHLANDER, titles(49)))
        assert result.summary() == [
            "Not legal in the highlander format (49 cards)",
            "- the deck has 49 cards; at least 50 are required",
        ]
