"""Tests of :mod:`adjudicator.strategic_europe.interception`: the Hungarian game's interception chains."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from adjudicator.plain import InvalidScenario
from adjudicator.registry import run
from adjudicator.strategic_europe.interception import InterceptionResult
from tests.adjudicator.strategic_europe.problems import problem_paths
from tests.conftest import REPOSITORY

EXAMPLE: dict[str, Any] = {
    "place": "English Channel",
    "movement": {
        "id": "english-fleets",
        "nation": "england",
        "units": {"fleet": 4},
        "route": ["Plymouth", "English Channel", "Calais"],
    },
    "interceptions": [
        {
            "id": "german-submarines",
            "nation": "germany",
            "kind": "naval",
            "units": {"submarine": 8},
            "base": "Brest",
            "target": "english-fleets",
            "distance": 1,
            "roll": 3,
        },
        {
            "id": "english-destroyers",
            "nation": "england",
            "kind": "naval",
            "units": {"destroyer": 4},
            "base": "Liverpool",
            "target": "german-submarines",
            "distance": 2,
            "roll": 4,
        },
        {
            "id": "german-aircraft",
            "nation": "germany",
            "kind": "air",
            "units": {"aircraft": 2},
            "base": "Paris",
            "target": "english-fleets",
        },
        {
            "id": "english-aircraft",
            "nation": "england",
            "kind": "air",
            "units": {"aircraft": 2},
            "base": "London",
            "target": "german-aircraft",
        },
    ],
    "air_battles": [{"interception": "english-aircraft", "interceptor": [1, 5], "intercepted": [2, 6]}],
    "engaged": {"england": {"fleet": 2}},
    "naval_battle": [
        {
            "rolls": {
                "germany": {"submarine": [1, 3, 4, 6, 2, 3, 4, 6]},
                "england": {"destroyer": [3, 4, 5, 5], "fleet": [1, 2], "aircraft": [5]},
            }
        },
        {"rolls": {"germany": {"submarine": [2, 5, 5, 6, 3, 6]}, "england": {"destroyer": [2, 3, 4], "fleet": [5, 5]}}},
        {"hits": {"germany": 2, "england": 3}},
    ],
    "withdraws": "germany",
}


def intercept(data: dict[str, Any]) -> InterceptionResult:
    result = run("interception", data)
    assert isinstance(result, InterceptionResult)
    return result


class TestEnglishInvasionExample:
    def test_interceptions_take_place(self) -> None:
        """3 > 1 and 4 > 2: both naval interceptions succeed; air interceptions always do."""
        result = intercept(EXAMPLE)
        assert [(o.id, o.succeeded, o.needed) for o in result.interceptions] == [
            ("german-submarines", True, 2),
            ("english-destroyers", True, 3),
            ("german-aircraft", True, None),
            ("english-aircraft", True, None),
        ]

    def test_air_battle_first(self) -> None:
        """Resolved backwards: the English aircraft (VÉ 4) against the German (TÉ 3), one lost each,
        the German one withdraws.
        """
        result = intercept(EXAMPLE)
        assert result.resolution_order[0] == "english-aircraft"
        (air,) = result.air_battles
        assert (air.interceptor_hits, air.intercepted_hits) == (1, 1)
        assert air.intercepted_withdraw and air.intercepted_survivors == {"aircraft": 1}

    def test_naval_rounds_and_final_result(self) -> None:
        """Round 1: 1 German hit, 2 English; round 2: none;
        in all 5 submarines and 3 destroyers lost, the 4 fleets go on.
        """
        result = intercept(EXAMPLE)
        first, second, _ = result.naval_rounds
        assert first.hits == {"germany": 1, "england": 2}
        assert first.losses == {"england": {"destroyer": 1}, "germany": {"submarine": 2}}
        assert first.withdrawn == {"england": {"aircraft": 1}}
        assert second.hits == {"germany": 0, "england": 0}
        assert result.losses == {"england": {"aircraft": 1, "destroyer": 3}, "germany": {"aircraft": 1, "submarine": 5}}
        assert result.withdrawn["germany"] == {"aircraft": 1, "submarine": 3}
        assert result.movement_continues and result.movement_units == {"fleet": 4}

    def test_failed_naval_interception(self) -> None:
        """A roll not above the distance fails: the destroyers stay out, and an interception of nothing is skipped."""
        data = copy.deepcopy(EXAMPLE)
        data["interceptions"][0]["roll"] = 1
        data["naval_battle"] = []
        result = intercept(data)
        assert not result.interceptions[0].succeeded
        assert "english-destroyers" not in result.resolution_order


class TestErrors:
    @pytest.mark.parametrize(
        ("change", "message"),
        [
            (lambda d: d["interceptions"][0].update(roll=7), "interceptions.0.roll: a d6 shows 1 to 6 (got 7)"),
            (
                lambda d: d["interceptions"][0].pop("distance"),
                "interceptions.0.distance: a naval interception needs the distance (0 or more territories) from its "
                "base (got None)",
            ),
            (
                lambda d: d["interceptions"][2]["units"].update(bomber=1),
                "interceptions.2.units.bomber: bombers can only defend in air combat: they do not intercept (got 1)",
            ),
            (
                lambda d: d["interceptions"][1].update(target="nowhere"),
                "interceptions.1.target: must be the movement or an interception declared before it: english-fleets, "
                "german-submarines (got 'nowhere')",
            ),
            (
                lambda d: d["interceptions"][1].update(target="english-fleets"),
                "interceptions.1.target: a country does not intercept its own units (got 'english-fleets')",
            ),
            (
                lambda d: d["movement"].update(strategic_redeployment=True),
                "movement.strategic_redeployment: a Strategic Redeployment cannot be intercepted: it always succeeds "
                "(got True)",
            ),
            (
                lambda d: d["naval_battle"][0]["rolls"]["germany"].update(submarine=[1, 2]),
                "naval_battle.0.rolls.attacker.submarine: 8 submarine roll 8 dice (one roll each); give exactly that "
                "many rolls (got [1, 2])",
            ),
        ],
    )
    def test_bad_scenarios(self, change: Any, message: str) -> None:
        """Impossible rolls, missing distances, bombers intercepting, unknown or own targets,
        uninterceptible moves and wrong roll counts.
        """
        data = copy.deepcopy(EXAMPLE)
        change(data)
        with pytest.raises(InvalidScenario) as raised:
            intercept(data)
        assert message in str(raised.value).splitlines()


class TestEveryProblemAtOnce:
    def test_scenario_problems(self) -> None:
        """An unknown moving country, a target not declared before and a ship intercepting by air: all three named."""
        data = copy.deepcopy(EXAMPLE)
        data["movement"]["nation"] = "atlantis"
        data["interceptions"][1]["target"] = "nowhere"
        data["interceptions"][2]["units"] = {"aircraft": 2, "fleet": 1}
        assert problem_paths("interception", data) == [
            "movement.nation",
            "interceptions.1.target",
            "interceptions.2.units.fleet",
        ]

    def test_air_battle_rolls_of_both_sides(self) -> None:
        """Too few rolls for the interceptors and a roll of 7 for the intercepted are both named."""
        data = copy.deepcopy(EXAMPLE)
        data["air_battles"][0].update(interceptor=[1], intercepted=[2, 7])
        assert problem_paths("interception", data) == [
            "air_battles.0.interceptor",
            "air_battles.0.intercepted.1",
        ]

    def test_engaged_units_of_both_types(self) -> None:
        """More fleets and more destroyers engaged than are present: both named."""
        data = copy.deepcopy(EXAMPLE)
        data["engaged"] = {"england": {"fleet": 5, "destroyer": 9}}
        assert problem_paths("interception", data) == ["engaged.england.fleet", "engaged.england.destroyer"]


def test_example_file_matches_this_scenario() -> None:
    """The content example replays the same scenario as these tests."""
    from ruamel.yaml import YAML

    path = REPOSITORY / "content" / "strategic-europe" / "examples" / "se.example.interception-english-invasion.yaml"
    example = YAML(typ="safe").load(path.read_text(encoding="utf-8"))
    assert json.loads(json.dumps(example["scenario"])) == EXAMPLE


def _unrolled(**distances: int) -> dict[str, Any]:
    """The example without its naval battle, the named interceptions' rolls left out and their distances set."""
    data = copy.deepcopy(EXAMPLE)
    del data["naval_battle"], data["withdraws"], data["engaged"]
    for item in data["interceptions"]:
        if item["id"] in distances:
            item.pop("roll")
            item["distance"] = distances[item["id"]]
    return data


class TestOddsWithoutRolls:
    @pytest.mark.parametrize(("distance", "chance"), [(0, 1.0), (1, 5 / 6), (3, 3 / 6), (5, 1 / 6), (6, 0.0), (8, 0.0)])
    def test_success_chance_by_distance(self, distance: int, chance: float) -> None:
        """A d6 above the distance: (6 - distance) / 6, nothing from distance 6 on."""
        result = intercept(_unrolled(**{"german-submarines": distance}))
        assert result.interceptions[0].chance == pytest.approx(chance, abs=1e-15)
        assert result.interceptions[0].roll is None
        assert sum(chain.probability for chain in result.chains) == pytest.approx(1.0, abs=1e-15)

    def test_cannot_succeed_is_said_plainly(self) -> None:
        """At distance 6 or more the trace says the interception cannot succeed, rolled or not; no "7–6"."""
        for data in (_unrolled(**{"german-submarines": 6}), copy.deepcopy(EXAMPLE)):
            if "naval_battle" in data:
                data["interceptions"][1]["distance"] = 7
                del data["naval_battle"], data["withdraws"], data["engaged"]
            texts = [step.text for step in intercept(data).trace.steps]
            assert any("cannot succeed" in text for text in texts)
            assert not any("7–6" in text or "8–6" in text for text in texts)

    def test_whole_chain_with_each_units_fate(self) -> None:
        """Two rolls left out: the destroyers take place only with the submarines; each chain says who goes on."""
        result = intercept(_unrolled(**{"german-submarines": 1, "english-destroyers": 2}))
        chances = {o.id: o.chance_in_chain for o in result.interceptions}
        assert chances["german-submarines"] == pytest.approx(5 / 6)
        assert chances["english-destroyers"] == pytest.approx(5 / 6 * 4 / 6)
        by_ids = {chain.taking_place: chain for chain in result.chains}
        # Destroyers succeeding without the submarines has nothing to intercept: the same chain as both failing.
        assert sorted(round(chain.probability, 12) for chain in result.chains) == sorted(
            round(p, 12) for p in (5 / 6 * 4 / 6, 5 / 6 * 2 / 6, 1 / 6 * 4 / 6, 1 / 6 * 2 / 6)
        )
        without_submarines = [chain for ids, chain in by_ids.items() if "german-submarines" not in ids]
        assert without_submarines and all(chain.movement_continues for chain in without_submarines)
        assert all(chain.losses == {"england": {"aircraft": 1}, "germany": {"aircraft": 1}} for chain in result.chains)
        assert result.movement_continues_chance == pytest.approx(1 / 6)

    def test_naval_battle_needs_every_roll(self) -> None:
        """The naval battle's dice depend on who takes part, so a roll cannot be left out beside them."""
        data = copy.deepcopy(EXAMPLE)
        del data["interceptions"][0]["roll"]
        with pytest.raises(InvalidScenario, match="give every naval roll"):
            intercept(data)


class TestValuesTheSourceDoesNotState:
    """A bomber's TÉ is in the basic rules only; the scenario names it, or it is asked for."""

    @staticmethod
    def _with_bombers(values: dict[str, int] | None) -> dict[str, Any]:
        data = copy.deepcopy(EXAMPLE)
        data["movement"]["units"] = {"fleet": 4, "bomber": 1}
        data["naval_battle"] = [{"hits": {"germany": 0, "england": 0}}]
        data.pop("engaged")
        if values is not None:
            data["values"] = values
        return data

    def test_missing_value_is_named_with_meaning_and_source(self) -> None:
        with pytest.raises(InvalidScenario) as caught:
            intercept(self._with_bombers(None))
        (error,) = caught.value.errors
        assert error.path == "values.bomber"
        assert (
            "TÉ (attack value" in error.detail
            and "basic rules" in error.detail
            and "not among the sources" in (error.detail)
        )

    def test_given_value_is_used_and_cited(self) -> None:
        result = intercept(self._with_bombers({"bomber": 2}))
        lines = [step.text for step in result.trace.steps if step.rule == "se.preface"]
        assert any("bomber: TÉ=2 as given in the scenario" in line for line in lines), lines

    def test_bad_values_all_reported(self) -> None:
        with pytest.raises(InvalidScenario) as caught:
            intercept(self._with_bombers({"bomber": 9, "zeppelin": 1}))
        assert sorted(error.path for error in caught.value.errors) == ["values.bomber", "values.zeppelin"]

    def test_not_needed_without_a_naval_battle(self) -> None:
        data = self._with_bombers(None)
        data["naval_battle"] = []
        assert intercept(data).interceptions
