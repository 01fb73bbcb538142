"""Tests of :mod:`adjudicator.battle.calculators`: the ``battle`` and ``battle-replay`` calculators end to end."""

from __future__ import annotations

import dataclasses
import math
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import TypeAdapter

from adjudicator.battle.calculators import BattleResult, ReplayResult, evaluate_battle, evaluate_battle_first
from adjudicator.battle.scenario import BattleScenario, ReplayScenario
from adjudicator.plain import InvalidScenario, from_plain, to_plain
from adjudicator.registry import run
from rulebook.adjudication.messages import load_language
from tests.conftest import REPOSITORY

BRIEF_SCENARIO: dict[str, Any] = {
    "calculator": "battle",
    "game": "axis-and-allies-2e",
    "attacker": {"units": {"infantry": 3, "armor": 2}, "technologies": []},
    "defender": {"units": {"infantry": 4}, "technologies": []},
}


def battle(data: dict[str, Any]) -> BattleResult:
    result = run("battle", data)
    assert isinstance(result, BattleResult)
    return result


def check_consistent(result: BattleResult) -> None:
    """The invariants every exact result keeps."""
    assert math.isclose(result.attacker_wins + result.defender_wins + result.both_destroyed, 1.0, abs_tol=1e-12)
    assert all(line.probability >= 0 for line in result.outcomes)
    assert math.isclose(math.fsum(line.probability for line in result.outcomes), 1.0, abs_tol=1e-12)
    for name, expected in result.expected_attacker_survivors.items():
        assert math.isclose(
            sum(line.probability * line.attacker.get(name, 0) for line in result.outcomes), expected, abs_tol=1e-9
        )
    assert result.attacker_retreats + result.undecided <= result.defender_wins + 1e-12


class TestBattle:
    def test_the_issue_scenario(self) -> None:
        """The scenario of the issue runs; its JSON has the three probabilities summing to 1 and a trace."""
        result = battle(BRIEF_SCENARIO)
        document = to_plain(result)
        assert {"attacker_wins", "defender_wins", "both_destroyed", "trace"} <= set(document)
        check_consistent(result)
        assert document["trace"]["steps"]

    def test_monte_carlo_method_is_seeded(self) -> None:
        """method monte-carlo with a seed gives the same figures twice, with standard errors."""
        data = {**BRIEF_SCENARIO, "method": "monte-carlo", "runs": 2000, "seed": 5}
        first, second = battle(data), battle(data)
        assert first.attacker_wins == second.attacker_wins
        assert first.standard_errors is not None and first.monte_carlo_runs == 2000
        exact = battle(BRIEF_SCENARIO)
        assert abs(first.attacker_wins - exact.attacker_wins) <= 4 * first.standard_errors["attacker_wins"]

    def test_errors_are_collected(self) -> None:
        """Every problem of a scenario is reported at once, each with its path."""
        bad = {
            "game": "axis-and-allies-2e",
            "kind": "amphibious",
            "retreat_after_round": 2,
            "attacker": {"units": {"infantry": 1, "tank": 2, "aa-gun": 1}, "technologies": ["death-ray"]},
            "defender": {"units": {"infantry": 2, "aa-gun": 2}},
        }
        with pytest.raises(InvalidScenario) as raised:
            run("battle", bad)
        assert str(raised.value).splitlines() == [
            "attacker.units.tank: unknown unit type for Axis & Allies; expected one of: infantry, armor, fighter, "
            "bomber, battleship, carrier, transport, submarine, aa-gun",
            "attacker.units.aa-gun: an anti-aircraft gun never attacks: it fires only in the opponent's attack phase "
            "(got 1)",
            "attacker.technologies.0: unknown weapons development; expected one of: heavy bombers, jet power, "
            "super submarines, rockets, long-range aircraft, industrial technology (got 'death-ray')",
            "defender.units.aa-gun: only one anti-aircraft gun may be in a territory (got 2)",
            "retreat_after_round: there is no retreat from an amphibious assault: it is a fight to the death (got 2)",
        ]

    def test_range_problems_are_collected(self) -> None:
        """Several fields out of range (and a casualty order beside a loss order) are all reported at once."""
        bad = {
            **BRIEF_SCENARIO,
            "attacker": {"units": {"infantry": 3}, "loss_order": ["infantry"], "casualty_order": ["infantry"] * 3},
            "round_limit": 0,
            "retreat_below": 0,
            "runs": 0,
        }
        with pytest.raises(InvalidScenario) as raised:
            run("battle", bad)
        assert str(raised.value).splitlines() == [
            "attacker.casualty_order: gives the whole order unit by unit: leave loss_order and keep_land_units out "
            "(got ['infantry', 'infantry', 'infantry'])",
            "round_limit: must be a round number of 1 or more (got 0)",
            "retreat_below: must be a number of units of 1 or more (got 0)",
            "runs: must be 1 or more (got 0)",
        ]

    def test_problems_name_choices_in_the_readers_language(self) -> None:
        """An unknown unit type's problem lists the game's unit types in the page's words, not as ids."""
        bad = {**BRIEF_SCENARIO, "attacker": {"units": {"tank": 1, "infantry": 1}}}
        with pytest.raises(InvalidScenario) as raised:
            run("battle", bad)
        [problem] = raised.value.errors
        russian = problem.detail_in(load_language(REPOSITORY / "locales", "ru"))
        assert russian.startswith("неизвестный для Axis & Allies тип юнитов; ожидается один из: пехота, танк, ")
        assert "зенитное орудие" in russian and "aa-gun" not in russian

    def test_negative_counts_are_refused(self) -> None:
        """A negative unit count names the unit."""
        with pytest.raises(
            InvalidScenario, match=r"attacker\.units\.infantry: must be a count of 0 or more \(got -1\)"
        ):
            run(
                "battle",
                {"game": "axis-and-allies-2e", "attacker": {"units": {"infantry": -1}}, "defender": {"units": {}}},
            )

    @pytest.mark.parametrize("name", ["battle", "battle-replay"])
    def test_json_schema(self, name: str) -> None:
        """pydantic produces the scenario's JSON Schema (what `rulebook schema` prints)."""
        scenario = BattleScenario if name == "battle" else ReplayScenario
        schema = TypeAdapter(scenario).json_schema()
        assert "attacker" in schema["properties"] and "game" in schema["required"]


UNITS_LAND = st.fixed_dictionaries(
    {}, optional={name: st.integers(0, 3) for name in ("infantry", "armor", "fighter", "bomber")}
)
UNITS_SEA = st.fixed_dictionaries(
    {}, optional={name: st.integers(0, 2) for name in ("battleship", "carrier", "transport", "submarine", "fighter")}
)


@st.composite
def aa2_scenarios(draw: st.DrawFn) -> dict[str, Any]:
    kind = draw(st.sampled_from(["land", "sea", "amphibious"]))
    units = UNITS_SEA if kind == "sea" else UNITS_LAND
    attacker = draw(
        units.filter(
            lambda u: sum(u.values()) > 0 and (kind != "amphibious" or u.get("infantry", 0) + u.get("armor", 0) > 0)
        )
    )
    defender = dict(draw(units))
    if kind == "amphibious":
        attacker = {**attacker, "battleship": draw(st.integers(0, 2))}
    if kind != "sea" and draw(st.booleans()):
        defender["aa-gun"] = 1
    technologies = draw(st.lists(st.sampled_from(["heavy-bombers", "jet-fighters", "super-submarines"]), unique=True))
    scenario: dict[str, Any] = {
        "game": "axis-and-allies-2e",
        "kind": kind,
        "attacker": {"units": attacker, "technologies": technologies},
        "defender": {"units": defender, "technologies": technologies},
    }
    if kind != "amphibious":
        scenario["retreat_below"] = draw(st.none() | st.integers(1, 3))
        scenario["retreat_after_round"] = draw(st.none() | st.integers(1, 4))
    scenario["round_limit"] = draw(st.none() | st.integers(1, 5))
    if kind == "sea" and attacker.get("submarine"):
        scenario["attacker"]["submerge_after_round"] = draw(st.none() | st.integers(1, 3))
    return scenario


class TestProperties:
    @settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(aa2_scenarios())
    def test_axis_and_allies_probabilities_sum_to_one(self, scenario: dict[str, Any]) -> None:
        """Any legal Axis & Allies battle: outcomes sum to 1 within 1e-12 and survivors match the outcome lines."""
        check_consistent(battle(scenario))

    @settings(max_examples=30, deadline=None)
    @given(
        st.integers(1, 4),
        st.integers(0, 4),
        st.integers(0, 2),
        st.integers(0, 6),
        st.integers(-2, 4),
        st.booleans(),
        st.sampled_from(["none", "declaration-of-war-on-ussr"]),
        st.sampled_from(["reroll", "two-dice"]),
    )
    def test_strategic_game_probabilities_sum_to_one(
        self,
        armour: int,
        infantry: int,
        paratroopers: int,
        armour_value: int,
        modifier: int,
        aircraft: bool,
        turn: str,
        reading: str,
    ) -> None:
        """Any strategic-game land battle, with modifiers and rolling twice: outcomes sum to 1 within 1e-12."""
        attacker = {"armour": armour, "paratrooper": paratroopers}
        if aircraft:
            attacker["aircraft"] = 1
        scenario = {
            "game": "strategic-europe",
            "special_turn": turn,
            "roll_twice": reading,
            "defence_modifier": modifier,
            "attacker": {"units": attacker, "values": {"armour": armour_value, "paratrooper": 2}, "nation": "germany"},
            "defender": {"units": {"infantry": infantry}, "nation": "ussr"},
        }
        check_consistent(battle(scenario))


REPLAY_BASE = {key: value for key, value in BRIEF_SCENARIO.items() if key != "calculator"}
TWO_ROUNDS = [
    {"attacker": {"infantry": [1, 4, 6], "armor": [3, 5]}, "defender": {"infantry": [2, 2, 5, 6]}},
    {"attacker": {"infantry": [1], "armor": [1, 2]}, "defender": {"infantry": [6, 6]}},
]
"""The dice of two rounds of the brief scenario: the attacker wins in round 2."""


class TestReplay:
    def test_rounds_hits_and_casualties(self) -> None:
        """Two rounds of dice: hits per side, cheapest casualties first, the ending."""
        result = run(
            "battle-replay",
            {
                **REPLAY_BASE,
                "rounds": TWO_ROUNDS,
            },
        )
        assert isinstance(result, ReplayResult)
        first, second = result.rounds
        assert [(v.side, v.hits, v.casualties) for v in first.volleys] == [
            ("attacker", 2, {"infantry": 2}),
            ("defender", 2, {"infantry": 2}),
        ]
        assert second.defender == {} and result.ending == "attacker-wins"
        assert result.attacker == {"infantry": 1, "armor": 2}
        assert result.defender_losses == {"infantry": 4}

    def test_explicit_casualties_are_checked(self) -> None:
        """The owner may choose casualties, but only as many as the hits and never aircraft for a submarine's hit."""
        with pytest.raises(InvalidScenario) as raised:
            run(
                "battle-replay",
                {
                    "game": "axis-and-allies-2e",
                    "kind": "sea",
                    "attacker": {"units": {"submarine": 1}},
                    "defender": {"units": {"carrier": 1, "fighter": 1}},
                    "rounds": [
                        {
                            "attacker": {"submarine": [1]},
                            "defender": {"fighter": [6]},
                            "defender_first_strike_casualties": {"fighter": 1},
                        }
                    ],
                },
            )
        assert (
            str(raised.value)
            == "rounds.0.defender_first_strike_casualties: 1 of the hits cannot fall on aircraft (got {'fighter': 1})"
        )

    def test_replay_problems_are_collected(self) -> None:
        """The battle's problems, a policy a replay does not take and the missing rolls are reported together."""
        bad = {**REPLAY_BASE, "attacker": {"units": {"infantry": 3}, "keep_land_units": 1}, "round_limit": 0}
        with pytest.raises(InvalidScenario) as raised:
            run("battle-replay", bad)
        assert str(raised.value).splitlines() == [
            "round_limit: must be a round number of 1 or more (got 0)",
            "attacker.keep_land_units: a replay takes the casualties the owner chose: give them per round "
            "(attacker_casualties, defender_casualties) instead (got 1)",
            "rounds: must give the rolls of at least one round",
        ]

    def test_a_round_after_the_end_names_the_ending_in_words(self) -> None:
        """Rolls given past the end of the battle are refused, the ending said in the reader's language."""
        bad = {
            **REPLAY_BASE,
            "attacker": {"units": {"infantry": 1}},
            "defender": {"units": {"infantry": 1}},
            "rounds": [{"attacker": {"infantry": [1]}, "defender": {"infantry": [6]}}, {"attacker": {"infantry": [1]}}],
        }
        with pytest.raises(InvalidScenario) as raised:
            run("battle-replay", bad)
        [problem] = raised.value.errors
        assert str(problem) == "rounds.1: the battle already ended (attacker-wins) before this round"
        german = problem.detail_in(load_language(REPOSITORY / "locales", "de"))
        assert german == "der Kampf war vor dieser Runde schon zu Ende (Angreifer gewinnt)"

    def test_replay_needs_rolls(self) -> None:
        """A replay without any round is refused."""
        with pytest.raises(InvalidScenario, match="rounds: must give the rolls of at least one round"):
            run("battle-replay", REPLAY_BASE)


SEA_STRANDED: dict[str, Any] = {
    "game": "axis-and-allies-2e",
    "kind": "sea",
    "attacker": {"units": {"submarine": 3, "battleship": 1}},
    "defender": {"units": {"carrier": 1, "fighter": 2, "transport": 1}},
}
"""The defender's fighters are lost when their carrier sinks: the last round counts them as the odds do."""


class TestByRound:
    @pytest.mark.parametrize(
        "data",
        [BRIEF_SCENARIO, SEA_STRANDED, {**BRIEF_SCENARIO, "retreat_below": 3}],
        ids=["land", "sea, stranded fighters", "retreat below three"],
    )
    def test_last_round_is_the_expected_survivors_and_their_cost(self, data: dict[str, Any]) -> None:
        """After the last round, each side's expected units and their cost are the expected survivors of the odds
        and what is left of the starting cost after the expected losses."""
        result = battle(data)
        last = result.by_round[-1]
        assert [line.round for line in result.by_round] == list(range(1, len(result.by_round) + 1))
        assert last.still_on < 1e-9
        assert math.isclose(last.attacker_units, sum(result.expected_attacker_survivors.values()), abs_tol=1e-8)
        assert math.isclose(last.defender_units, sum(result.expected_defender_survivors.values()), abs_tol=1e-8)
        for side, profile, lost, value in (
            ("attacker", result.attacker_profile, result.expected_attacker_loss_cost, last.attacker_value),
            ("defender", result.defender_profile, result.expected_defender_loss_cost, last.defender_value),
        ):
            start = sum((unit.cost or 0) * unit.count for unit in profile.values())
            assert lost is not None and value is not None
            assert math.isclose(value, start - lost, abs_tol=1e-8), side

    def test_units_and_chances_fall_round_by_round(self) -> None:
        """No side gains units from one round to the next, and the battle is ever less likely to go on."""
        lines = battle(BRIEF_SCENARIO).by_round
        for earlier, later in zip(lines, lines[1:]):
            assert later.still_on <= earlier.still_on + 1e-15
            assert later.attacker_units <= earlier.attacker_units + 1e-12
            assert later.defender_units <= earlier.defender_units + 1e-12

    def test_strategic_game_has_no_cost(self) -> None:
        """Where the source gives no costs, the rounds have units but no value."""
        result = battle(
            {
                "game": "strategic-europe",
                "attacker": {"units": {"armour": 4}, "values": {"armour": 3}, "nation": "germany"},
                "defender": {"units": {"infantry": 3}, "nation": "ussr"},
            }
        )
        assert result.by_round and all(line.attacker_value is None for line in result.by_round)
        assert math.isclose(result.by_round[-1].attacker_units, sum(result.expected_attacker_survivors.values()))

    def test_monte_carlo_rounds_follow_the_exact_ones(self) -> None:
        """The Monte Carlo's rounds are the shares of its battles, within four standard errors of the exact rounds."""
        runs = 4000
        sampled = battle({**BRIEF_SCENARIO, "method": "monte-carlo", "runs": runs, "seed": 9}).by_round
        exact = battle(BRIEF_SCENARIO).by_round
        for line, expected in zip(sampled[:4], exact):
            p = expected.still_on
            assert abs(line.still_on - p) <= 4 * math.sqrt(p * (1 - p) / runs) + 1e-12
            assert abs(line.attacker_units - expected.attacker_units) <= 4 * 5 / 2 / math.sqrt(runs)

    def test_replay_rounds_are_the_rounds_played(self) -> None:
        """A replay's rounds: on with certainty until the round that ends it, with the units actually left."""
        result = run(
            "battle-replay",
            {
                **REPLAY_BASE,
                "rounds": TWO_ROUNDS,
            },
        )
        assert isinstance(result, ReplayResult)
        assert [(line.round, line.still_on, line.attacker_units, line.defender_units) for line in result.by_round] == [
            (1, 1.0, 3.0, 2.0),
            (2, 0.0, 3.0, 0.0),
        ]
        costs = {name: unit.cost or 0 for name, unit in result.attacker_profile.items()}
        assert result.by_round[-1].attacker_value == costs["infantry"] * 1 + costs["armor"] * 2

    def test_the_first_answer_is_the_whole_one_without_the_rounds(self) -> None:
        """What a page shows first has the odds and trace of the whole answer, but neither the rounds nor their step."""
        scenario = from_plain(
            BattleScenario, {key: value for key, value in BRIEF_SCENARIO.items() if key != "calculator"}
        )
        first, whole = evaluate_battle_first(scenario), evaluate_battle(scenario)
        assert first.by_round == () and whole.by_round
        assert dataclasses.replace(whole, by_round=(), trace=first.trace) == first
        assert len(whole.trace.steps) == len(first.trace.steps) + 1

    @pytest.mark.parametrize(
        "battle",
        [
            {"attacker": {"units": {"infantry": 6, "armor": 3, "fighter": 2}}, "defender": {"units": {"infantry": 8}}},
            {
                "kind": "sea",
                "attacker": {"units": {"submarine": 3, "fighter": 2, "battleship": 1}},
                "defender": {"units": {"submarine": 2, "carrier": 1, "fighter": 2}},
            },
            {
                "kind": "amphibious",
                "attacker": {"units": {"infantry": 4, "armor": 2, "battleship": 2}},
                "defender": {"units": {"infantry": 5, "armor": 1}},
            },
            {
                "attacker": {"units": {"infantry": 4, "fighter": 3, "bomber": 2}},
                "defender": {"units": {"infantry": 5, "aa-gun": 1}},
            },
        ],
        ids=["land", "sea", "amphibious", "aa-gun"],
    )
    def test_the_rounds_after_a_first_answer_are_those_of_the_whole_answer(self, battle: dict[str, Any]) -> None:
        """The whole answer asked for after the first one of the same scenario (the page's second call) plays the
        rounds the first left waiting, and is the whole answer computed alone, number for number; a first answer
        of another battle in between leaves nothing to take."""
        scenario = from_plain(BattleScenario, {"game": "axis-and-allies-2e", **battle})
        other = from_plain(BattleScenario, {"game": "axis-and-allies-2e", **battle, "round_limit": 2})
        alone = evaluate_battle(scenario)
        evaluate_battle_first(scenario)
        assert evaluate_battle(scenario) == alone
        evaluate_battle_first(scenario)
        evaluate_battle_first(other)
        assert evaluate_battle(scenario) == alone
        assert len(alone.by_round) > 1
