"""Tests of the baptism of fire table (``adjudicator/operation_ww2/baptism.py``)."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.errors import ScenarioError
from adjudicator.operation_ww2.baptism import BaptismOfFireOutcome, BaptismOfFireScenario, evaluate_baptism_of_fire
from adjudicator.operation_ww2.vocabulary import Chance, VehicleType, check_d10, faces_text
from adjudicator.plain import InvalidScenario, from_plain
from adjudicator.registry import calculators
from rulebook.adjudication.scenarios import evaluate
from rulebook.cli import main
from rulebook.content.model import Corpus


class TestChance:
    @given(numerator=st.integers(0, 100), denominator=st.integers(1, 100))
    def test_fraction_and_float_agree(self, numerator: int, denominator: int) -> None:
        """The exact fraction and the float of a Chance are the same number."""
        value = Fraction(numerator, denominator)
        chance = Chance.of(value)
        assert Fraction(chance.fraction) == value
        assert chance.probability == float(value)

    @pytest.mark.parametrize("value", [0, 11, -1])
    def test_d10_range(self, value: int) -> None:
        """Only 1-10 are d10 rolls."""
        with pytest.raises(ScenarioError, match=f"roll: must be a d10 roll from 1 to 10 \\(got {value}\\)"):
            check_d10("roll", value)

    def test_faces_text(self) -> None:
        """Runs of faces print as ranges, other sets as lists."""
        assert (faces_text((1, 2)), faces_text((2, 5))) == ("1-2", "2, 5")

    def test_armoured_vehicle_types(self) -> None:
        """Trucks, cars and motorcycles are the unarmoured vehicle types."""
        assert {v for v in VehicleType if not v.armoured} == {
            VehicleType.TRUCK,
            VehicleType.CAR,
            VehicleType.MOTORCYCLE,
        }


class TestBaptismOfFire:
    @pytest.mark.parametrize(
        ("roll", "outcome", "training"),
        [
            (1, "flees", None),
            (2, "flees", None),
            (3, "training-set", 6),
            (7, "training-set", 6),
            (8, "training-set", 4),
            (9, "training-set", 4),
            (10, "training-set", 2),
        ],
    )
    def test_rows(self, roll: int, outcome: str, training: int | None) -> None:
        """1-2 flees; 3-7 training 6+; 8-9 4+; 10 2+."""
        result = evaluate_baptism_of_fire(BaptismOfFireScenario(roll=roll))
        assert (result.outcome, result.training) == (BaptismOfFireOutcome(outcome), training)
        assert set(result.trace.rules()) == {"oww2.baptism-of-fire-table"}

    def test_distribution(self) -> None:
        """The rows' chances are 2/10, 5/10, 2/10 and 1/10."""
        result = evaluate_baptism_of_fire(BaptismOfFireScenario())
        assert [(row.training, row.chance.fraction) for row in result.distribution] == [
            (None, "1/5"),
            (6, "1/2"),
            (4, "1/5"),
            (2, "1/10"),
        ]
        assert sum(Fraction(row.chance.fraction) for row in result.distribution) == 1
        assert result.outcome is None

    def test_roll_out_of_range(self) -> None:
        """A roll of 0 is an error naming the field."""
        with pytest.raises(InvalidScenario, match=r"^roll: must be a d10 roll from 1 to 10 \(got 0\)$"):
            from_plain(BaptismOfFireScenario, {"roll": 0})

    def test_every_problem_at_once(self) -> None:
        """A roll out of range and a misspelt field are reported together (the scenario has one field of its own)."""
        with pytest.raises(InvalidScenario) as caught:
            from_plain(BaptismOfFireScenario, {"roll": 0, "rol": 3})
        assert [str(error) for error in caught.value.errors] == [
            "rol: unknown field; expected one of: roll",
            "roll: must be a d10 roll from 1 to 10 (got 0)",
        ]


class TestRegistration:
    def test_every_calculator_is_registered(self) -> None:
        """The Operation WW2 calculators are all in the registry for the game."""
        names = {name for name, calc in calculators().items() if "operation-ww2" in calc.games}
        assert names == {
            "oww2-baptism-of-fire",
            "oww2-collision",
            "oww2-cover-protection",
            "oww2-crew-damage",
            "oww2-driving-test",
            "oww2-precision-test",
            "oww2-special-gun",
            "oww2-to-hit",
            "oww2-vehicle-damage",
        }

    def test_worked_examples_cover_the_source(self, real_corpus: Corpus) -> None:
        """At least 15 worked examples for 004_… (each one runs as its own test in tests/rulebook)."""
        examples = [example for example in real_corpus.examples if example.game == "operation-ww2"]
        assert len(examples) >= 15
        assert {example.calculator for example in examples} == {
            name for name, calc in calculators().items() if "operation-ww2" in calc.games
        }
        for example in examples:
            lines = evaluate(example.calculator, example.scenario).summary()
            assert lines and all(isinstance(line, str) and line for line in lines), example.id

    @pytest.mark.parametrize(
        "name",
        [
            "oww2-baptism-of-fire",
            "oww2-collision",
            "oww2-cover-protection",
            "oww2-crew-damage",
            "oww2-driving-test",
            "oww2-precision-test",
            "oww2-special-gun",
            "oww2-to-hit",
            "oww2-vehicle-damage",
        ],
    )
    def test_schema_command(self, name: str, capsys: pytest.CaptureFixture[str]) -> None:
        """`rulebook schema scenario.NAME` prints the JSON Schema of each Operation WW2 scenario."""
        assert main(["schema", f"scenario.{name}"]) == 0
        schema = json.loads(capsys.readouterr().out)
        assert schema["type"] == "object"
