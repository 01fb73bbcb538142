"""Tests of :mod:`adjudicator.hell_of_a_war.victory`: the Hell of a War victory phase."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import TypeAdapter

from adjudicator.errors import ScenarioError
from adjudicator.hell_of_a_war.victory import (
    FlagCard,
    Force,
    Land,
    OccupationBasis,
    Player,
    VictoryMode,
    VictoryScenario,
    choose_occupation_force,
    evaluate_victory,
)
from adjudicator.plain import InvalidScenario
from adjudicator.registry import calculators, prepare


def force(*flags: int, locked: tuple[int, ...] = (), prefix: str = "") -> Force:
    cards = [FlagCard(f"{prefix}Einheit {index}", value) for index, value in enumerate(flags)]
    cards += [FlagCard(f"{prefix}Gesperrt {index}", value, locked=True) for index, value in enumerate(locked)]
    return Force(tuple(cards))


def two_players(land: Land, **extra: Any) -> VictoryScenario:
    return VictoryScenario((Player("A"), Player("B")), (land,), **extra)


class TestScenario:
    def test_every_bad_field_is_reported_at_once(self) -> None:
        """A land without flags and worth negative points, and its two cards of one name, are all refused together."""
        cards = [{"name": "Panzer IV", "flags": 2}, {"name": "Panzer IV", "flags": 1}]
        land = {"name": "Ukraine", "flags": 0, "victory_points": -1, "forces": {"A": {"cards": cards}, "B": {}}}
        with pytest.raises(InvalidScenario) as raised:
            prepare("victory", {"players": [{"name": "A"}, {"name": "B", "victory_points": -3}], "lands": [land]})
        assert [str(error) for error in raised.value.errors] == [
            "players.1.victory_points: must be 0 or more (got -3)",
            "lands.0.flags: must be the land card's victory flags, 1 or more (got 0)",
            "lands.0.victory_points: must be 0 or more (got -1)",
            "lands.0.forces.A.cards.1.name: must be unique in the land (number equal cards: 'Panzer IV 2') (got "
            "'Panzer IV')",
        ]

    @pytest.mark.parametrize(
        ("players", "mode", "message"),
        [
            ((Player("A"),), VictoryMode.TWO_PLAYER, "players: the two-player game has 2 players (got 1)"),
            (
                (Player("A"), Player("B")),
                VictoryMode.THREE_PLAYER,
                "players: the three-player game has 3 players (got 2)",
            ),
            (
                (Player("A", "Achse"), Player("B", "Achse"), Player("C", "Alliierte")),
                VictoryMode.TEAMS,
                "players: the team game has two teams of equal size (an even number of players) (got {'Achse': 2, "
                "'Alliierte': 1})",
            ),
            ((Player("A"), Player("A")), VictoryMode.TWO_PLAYER, "players.1.name: must be unique (got 'A')"),
        ],
    )
    def test_player_count_fits_the_mode(self, players: tuple[Player, ...], mode: VictoryMode, message: str) -> None:
        """Two players, three players, or two equal teams; names unique."""
        with pytest.raises(InvalidScenario) as raised:
            VictoryScenario(players, (), mode)
        assert str(raised.value) == message

    def test_land_and_card_values(self) -> None:
        """A land needs flags; negative flags and forces of unknown players are refused."""
        with pytest.raises(ScenarioError, match=r"flags: must be the land card's victory flags, 1 or more \(got 0\)"):
            Land("Ukraine", 0, 5)
        with pytest.raises(ScenarioError, match=r"flags: must be 0 or more \(got -1\)"):
            FlagCard("Panzer", -1)
        with pytest.raises(InvalidScenario, match="lands.0.forces.Z: must be a player: A, B"):
            two_players(Land("Kreta", 4, 3, {"Z": force(4)}))


class TestConquest:
    @pytest.mark.parametrize(
        ("own", "opposing", "printed", "won"),
        [(9, 3, 6, True), (8, 3, 6, False), (12, 0, 6, True), (6, 0, 6, True), (5, 0, 6, False)],
    )
    def test_two_player_rule(self, own: int, opposing: int, printed: int, won: bool) -> None:
        """how.siegphase: own unlocked flags must equal or exceed the land's flags plus the opponent's."""
        land = Land(
            "Sizilien", printed, 3, {"A": force(own), "B": force(opposing, prefix="B ") if opposing else Force()}
        )
        assert (evaluate_victory(two_players(land)).lands[0].winner == "A") is won

    def test_locked_flags_count_for_nobody(self) -> None:
        """Only unlocked flags count, on either side."""
        land = Land("Sizilien", 6, 3, {"A": force(6, locked=(5,)), "B": force(locked=(4,), prefix="B ")})
        outcome = evaluate_victory(two_players(land)).lands[0]
        assert outcome.flags == {"A": 6, "B": 0}
        assert outcome.winner == "A"

    @pytest.mark.parametrize(
        ("mode", "flags", "printed", "winner"),
        [
            (VictoryMode.THREE_PLAYER, (12, 4, 3), 8, "P1"),
            (VictoryMode.THREE_PLAYER, (11, 4, 3), 8, None),
            (VictoryMode.THREE_PLAYER_COMBINED, (12, 4, 3), 8, None),
            (VictoryMode.THREE_PLAYER_COMBINED, (20, 5, 5), 10, "P1"),
            (VictoryMode.THREE_PLAYER_COMBINED, (19, 5, 5), 10, None),
            (VictoryMode.THREE_PLAYER, (2, 9, 0), 3, "P2"),
        ],
        ids=["12-4-3", "11-4-3", "12-4-3-combined", "ukraine-20", "ukraine-19", "second-player-leads"],
    )
    def test_three_player_variants(
        self, mode: VictoryMode, flags: tuple[int, int, int], printed: int, winner: str | None
    ) -> None:
        """Three players: the strongest opponent only, or both opponents together
        (how.multiplayer-spiel.ungerade-spieleranzahl).
        """
        forces = {f"P{index + 1}": force(value, prefix=f"P{index + 1} ") for index, value in enumerate(flags) if value}
        scenario = VictoryScenario(
            (Player("P1"), Player("P2"), Player("P3")), (Land("Land", printed, 4, forces),), mode
        )
        assert evaluate_victory(scenario).lands[0].winner == winner

    def test_teams_pool_flags_and_occupation(self) -> None:
        """Team game: team-mates' flags count together, the occupation force may be mixed, 21 victory points win."""
        players = (
            Player("A1", "Achse", 18),
            Player("A2", "Achse"),
            Player("L1", "Alliierte"),
            Player("L2", "Alliierte"),
        )
        land = Land(
            "Ukraine", 6, 5, {"A1": force(3, prefix="A1 "), "A2": force(4, prefix="A2 "), "L1": force(1, prefix="L1 ")}
        )
        result = evaluate_victory(VictoryScenario(players, (land,), VictoryMode.TEAMS))
        assert result.lands[0].flags == {"Achse": 7, "Alliierte": 1}
        assert result.lands[0].winner == "Achse"
        assert result.victory_points == {"Achse": 23, "Alliierte": 0}
        assert result.victory_points_to_win == 21
        assert result.winners == ("Achse",)


class TestOccupation:
    def test_land_upgrades_and_the_base_building_count_first(self) -> None:
        """Land upgrades' flags and the Besatzungsmacht base building's occupation flags count towards the force;
        the loser's upgrades are scrapped.
        """
        conqueror = Force(
            (FlagCard("Bunker", 2, land_upgrade=True), FlagCard("Panzer", 3), FlagCard("Infanterie", 1)),
            occupation_flags=1,
        )
        loser = Force((FlagCard("Feldflugplatz", 1, land_upgrade=True),))
        outcome = evaluate_victory(two_players(Land("Kreta", 8, 4, {"A": conqueror, "B": loser}))).lands[0]
        assert outcome.winner is None
        land = Land(
            "Kreta", 7, 4, {"A": Force(conqueror.cards + (FlagCard("Tiger", 3),), occupation_flags=1), "B": loser}
        )
        outcome = evaluate_victory(two_players(land)).lands[0]
        assert outcome.occupation_needed == 4
        assert outcome.occupation_force == ("Infanterie", "Bunker")
        assert outcome.occupation_flags == 4
        assert outcome.withdrawn == ("Panzer", "Tiger")
        assert outcome.scrapped == ("Feldflugplatz",)

    def test_occupation_flags_are_not_victory_flags(self) -> None:
        """how.besatzungsmacht-basisausbau: the base building's points do not help to win the land."""
        land = Land("Kreta", 4, 4, {"A": Force((FlagCard("Panzer", 3),), occupation_flags=5)})
        assert evaluate_victory(two_players(land)).lands[0].winner is None

    def test_required_basis_reads_half_of_all_flags_needed(self) -> None:
        """With the other reading, half of land flags plus opposing flags: (6 + 4) / 2 = 5."""
        land = Land("Kreta", 6, 4, {"A": force(5, 3, 2), "B": force(4, prefix="B ")})
        printed = evaluate_victory(two_players(land)).lands[0]
        required = evaluate_victory(two_players(land, occupation_basis=OccupationBasis.REQUIRED)).lands[0]
        assert (printed.occupation_needed, printed.occupation_flags) == (3, 3)
        assert (required.occupation_needed, required.occupation_flags) == (5, 5)

    @given(st.lists(st.integers(0, 6), max_size=8), st.integers(0, 20))
    def test_choice_agrees_with_brute_force(self, flags: list[int], needed: int) -> None:
        """The chosen force has the smallest flag total that reaches the need, the fewest cards for it,
        and the right number of equally exact choices.
        """
        subsets = [combo for size in range(len(flags) + 1) for combo in itertools.combinations(range(len(flags)), size)]
        reaching = [combo for combo in subsets if sum(flags[i] for i in combo) >= needed]
        choice = choose_occupation_force(flags, needed)
        if not reaching:
            assert choice is None
            return
        assert choice is not None
        indices, total, ways = choice
        best = min(sum(flags[i] for i in combo) for combo in reaching)
        assert total == best == sum(flags[i] for i in indices)
        if needed > 0:
            exact = [
                combo for combo in subsets if sum(flags[i] for i in combo) == best and all(flags[i] > 0 for i in combo)
            ]
            assert ways == len(exact)
            assert len(indices) == min(len(combo) for combo in exact)
            assert all(total - flags[i] < needed for i in indices)


class TestGame:
    @pytest.mark.parametrize(
        ("extra", "target", "rule"),
        [
            ({}, 15, "how.siegphase"),
            ({"global_domination": True}, 30, "how.multiplayer-spiel.global-domination"),
            ({"global_domination": True, "victory_points_to_win": 20}, 20, "how.multiplayer-spiel.global-domination"),
        ],
    )
    def test_victory_points_to_win(self, extra: dict[str, Any], target: int, rule: str) -> None:
        """15 in the normal game, usually 30 in Global Domination, or what the players agreed."""
        result = evaluate_victory(two_players(Land("Kreta", 4, 4), **extra))
        assert result.victory_points_to_win == target
        assert rule in result.trace.rules()

    def test_calculator_and_summary(self) -> None:
        """Registered as 'victory' with a JSON Schema; the summary names the land's winner and the game's."""
        scenario_type: type[Any] = calculators()["victory"].scenario
        schema = TypeAdapter(scenario_type).json_schema()
        assert set(schema["required"]) == {"players", "lands"}
        scenario = VictoryScenario(
            (Player("A", victory_points=12), Player("B")), (Land("Kreta", 2, 4, {"A": force(2)}),)
        )
        assert evaluate_victory(scenario).summary() == [
            "Kreta: won by A; occupation force Einheit 0 (2 flags)",
            "Victory points: A 16, B 0 (need 15)",
            "Game won by: A",
        ]
