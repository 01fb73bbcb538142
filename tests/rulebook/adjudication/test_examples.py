"""Tests of :mod:`rulebook.adjudication.examples`, and every worked example of the content as its own test."""

from __future__ import annotations

import pytest

from rulebook.adjudication.examples import compare, run_example
from rulebook.content.model import Corpus
from tests.conftest import real_content


class TestCompare:
    def test_partial_match_ignores_unlisted_fields(self) -> None:
        """Only the fields the source states are checked."""
        assert compare({"winner": "attacker"}, {"winner": "attacker", "rounds": 3}) == []

    def test_reports_every_difference_with_its_path(self) -> None:
        """Nested mismatches, missing fields and list lengths are each one line."""
        expected = {"paid": {"alice": 2, "bob": 0}, "survivors": ["Me109"], "p": 0.25}
        actual = {"paid": {"alice": 4}, "survivors": ["Me109", "Spitfire"], "p": 0.2500000000001}
        assert compare(expected, actual) == [
            "paid.alice: expected 2, got 4",
            "paid.bob: expected 0, but the result has no such field",
            "survivors: expected ['Me109'], got ['Me109', 'Spitfire']",
        ]

    def test_approx_uses_the_stated_tolerance(self) -> None:
        """`{approx, tolerance}` accepts values within the tolerance and names it otherwise."""
        assert compare({"approx": 0.5, "tolerance": 0.01}, 0.509) == []
        assert compare({"x": {"approx": 0.5, "tolerance": 0.01}}, {"x": 0.52}) == ["x: expected 0.5 ± 0.01, got 0.52"]

    def test_types_must_agree(self) -> None:
        """A string "2" is not the number 2, and True is not 1."""
        assert compare({"n": 2}, {"n": "2"}) == ["n: expected 2, got '2'"]
        assert compare({"n": 1}, {"n": True}) == ["n: expected 1, got True"]

    def test_round_trip_yaml_scalars_match_plain_values(self) -> None:
        """Round-trip YAML loads `0` as a ScalarInt and quoted text as a str subclass; both still match."""
        from rulebook.content.yamlio import load_yaml_text

        expected = load_yaml_text("n: 0\nname: 'Dover'\n")
        assert compare(dict(expected), {"n": 0, "name": "Dover"}) == []
        assert compare(dict(expected), {"n": False, "name": "Dover"}) == ["n: expected 0, got False"]


def _corpus() -> Corpus:
    result = real_content()
    assert result.corpus is not None, [str(p) for p in result.errors]
    return result.corpus


CORPUS = _corpus()


@pytest.mark.parametrize("example_id", sorted(e.id for e in CORPUS.examples))
def test_worked_example(example_id: str) -> None:
    """The calculator reproduces what the source states for this example, citing existing entries."""
    example = next(e for e in CORPUS.examples if e.id == example_id)
    outcome = run_example(example, CORPUS)
    assert outcome.differences == []
    assert outcome.status == "pass"
    assert len(outcome.trace) > 0
