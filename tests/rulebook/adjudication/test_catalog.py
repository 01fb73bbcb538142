"""Scenarios that name printed cards by catalog id (``rulebook/adjudication/catalog.py``) and the stack's checks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from adjudicator.hell_of_a_war.action_stack import StackResult
from rulebook.adjudication.catalog import apply_catalog, catalog_for
from rulebook.adjudication.scenarios import evaluate
from rulebook.cli import main
from rulebook.content.model import CatalogCard, Corpus
from rulebook.errors import ScenarioFileError
from tests.conftest import REPOSITORY


@pytest.fixture
def catalog(real_corpus: Corpus) -> dict[str, CatalogCard]:
    return catalog_for(real_corpus, "stack")


def _bomb_on(target: dict[str, Any]) -> dict[str, Any]:
    """Anna's 227 aimed at ``target`` (a card of Ben's), Anna holding 2 TW."""
    return {
        "players": [{"name": "Anna", "tw": 2}, {"name": "Ben"}],
        "cards": [{"id": "bomb", "card": "227-pfund-bombe", "owner": "Anna", "zone": "base-zone"}, target],
        "stack": [{"player": "Anna", "card": "bomb", "targets": [target["id"]]}],
    }


class TestMerge:
    def test_catalog_values_fill_what_the_scenario_leaves_out(self, catalog: dict[str, CatalogCard]) -> None:
        """The 227 by id: name, type, legal targets and the ability's cost and sacrifice come from the catalog,
        each with its entry."""
        target = {"id": "radar", "card": "radarstation", "owner": "Ben", "zone": "base-zone"}
        merged, problems = apply_catalog("stack", _bomb_on(target), catalog)
        assert problems == []
        bomb, radar = merged["cards"]
        assert bomb["name"] == "227-Pfund Bombe" and bomb["kind"] == "base-building"
        assert bomb["legal_targets"] == ["base-building"]
        assert bomb["sources"]["legal_targets"] == "how.feuerwehr"
        assert radar["name"] == "Radarstation"
        assert merged["stack"][0] == {
            "player": "Anna",
            "card": "bomb",
            "targets": ["radar"],
            "effect": "destroy",
            "tw_cost": 2,
            "sacrifice": True,
            "sources": {
                "effect": "how.227-pfund-bombe",
                "tw_cost": "how.227-pfund-bombe",
                "sacrifice": "how.227-pfund-bombe",
            },
        }

    def test_the_scenario_overrides_only_what_it_gives(self, catalog: dict[str, CatalogCard]) -> None:
        """A value the scenario gives wins and is not cited from the catalog; the rest still comes from it."""
        scenario = _bomb_on({"id": "radar", "card": "radarstation", "owner": "Ben", "zone": "base-zone"})
        scenario["stack"][0]["tw_cost"] = 1
        merged, _ = apply_catalog("stack", scenario, catalog)
        declaration = merged["stack"][0]
        assert declaration["tw_cost"] == 1 and "tw_cost" not in declaration["sources"]
        assert declaration["sacrifice"] is True

    def test_the_scenario_file_is_not_changed(self, catalog: dict[str, CatalogCard]) -> None:
        """Merging works on a copy: the example's own scenario keeps its catalog ids only."""
        scenario = _bomb_on({"id": "radar", "card": "radarstation", "owner": "Ben", "zone": "base-zone"})
        apply_catalog("stack", scenario, catalog)
        assert "name" not in scenario["cards"][0]

    def test_an_unknown_catalog_id_is_reported_with_the_other_problems(self, catalog: dict[str, CatalogCard]) -> None:
        """A misspelt catalog id names its path; the scenario's other problems come in the same report."""
        scenario = _bomb_on({"id": "radar", "card": "radarstaton", "owner": "Ben", "zone": "base-zone"})
        with pytest.raises(ScenarioFileError) as raised:
            evaluate("stack", scenario, catalog=catalog)
        lines = str(raised.value).splitlines()
        assert lines[0].startswith("scenario: cards.1.card: must be the id of a card of the card catalog (known: ")
        assert any("cards.1.name" in line for line in lines)  # the card still lacks what only the catalog had


class TestStack:
    def test_the_trace_cites_the_entries_of_catalog_values(self, catalog: dict[str, CatalogCard]) -> None:
        """Each entry that supplied a value is a step of the trace, naming the values it gave."""
        target = {"id": "radar", "card": "radarstation", "owner": "Ben", "zone": "base-zone"}
        result = evaluate("stack", _bomb_on(target), catalog=catalog)
        assert isinstance(result, StackResult)
        steps = {(step.rule, step.text) for step in result.trace}
        assert (
            "how.227-pfund-bombe",
            "227-Pfund Bombe (bomb): from the card catalog, as this entry states it: the name, the card type, "
            "the effect, the ability's TW cost, that the card is sacrificed",
        ) in steps
        assert (
            "how.feuerwehr",
            "227-Pfund Bombe (bomb): from the card catalog, as this entry states it: the legal "
            "targets, whose cards it may target",
        ) in steps
        assert result.tw_paid == {"Anna": 2, "Ben": 0}

    def test_a_227_aimed_at_a_unit_is_refused(self, catalog: dict[str, CatalogCard]) -> None:
        """A 227 aimed at a unit does not destroy it for free; the error names card, target and the
        legal targets."""
        unit = {"id": "tank", "name": "Panzer", "kind": "unit", "owner": "Ben", "zone": "deployment-zone"}
        with pytest.raises(ScenarioFileError) as raised:
            evaluate("stack", _bomb_on(unit), catalog=catalog)
        assert str(raised.value) == (
            "scenario: stack.0.targets.0: impossible target for 227-Pfund Bombe (bomb): 227-Pfund Bombe (bomb) may "
            "target only base buildings; Panzer (tank) is a unit card (got 'tank')"
        )

    def test_a_227_aimed_at_its_owners_own_building_is_refused(self, catalog: dict[str, CatalogCard]) -> None:
        """The 227 destroys the opponent's base buildings (``gegnerische Basisausbauten``)."""
        scenario = _bomb_on({"id": "radar", "card": "radarstation", "owner": "Anna", "zone": "base-zone"})
        refusal = r"may target only another player's cards; Radarstation \(radar\) is Anna's own"
        with pytest.raises(ScenarioFileError, match=refusal):
            evaluate("stack", scenario, catalog=catalog)

    def test_an_empty_stack_is_refused(self) -> None:
        """A stack with no declaration is bad input, not an answer."""
        scenario = {"players": [{"name": "Anna"}], "cards": [], "stack": []}
        with pytest.raises(ScenarioFileError, match=r"stack: an action stack needs at least one declaration"):
            evaluate("stack", scenario)

    def test_adjudicate_reads_the_catalog(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        """`rulebook adjudicate stack` fills catalog cards in: a scenario naming only ids and zones runs."""
        path = tmp_path / "bomb.yaml"
        path.write_text(
            "players: [{name: Anna, tw: 2}, {name: Ben}]\n"
            "cards:\n"
            "  - {id: bomb, card: 227-pfund-bombe, owner: Anna, zone: base-zone}\n"
            "  - {id: radar, card: radarstation, owner: Ben, zone: base-zone}\n"
            "stack: [{player: Anna, card: bomb, targets: [radar]}]\n",
            encoding="utf-8",
        )
        assert main(["--content", str(REPOSITORY / "content"), "adjudicate", "stack", "--scenario", str(path)]) == 0
        out = capsys.readouterr().out
        assert "Anna pays 2 TW and sacrifices it" in out
        assert "[how.227-pfund-bombe]" in out


def _annas_base_buildings(count: int) -> list[dict[str, Any]]:
    """``count`` base buildings of Anna's in play, each paying 1 TW."""
    return [
        {
            "id": f"anna-{n}",
            "name": "Basisausbau",
            "kind": "base-building",
            "owner": "Anna",
            "zone": "base-zone",
            "tw": 1,
        }
        for n in range(count)
    ]


def _land_build(anna_cards: int, *extra_stack: dict[str, Any], sabotage_locked: bool = False) -> dict[str, Any]:
    """Anna builds a Versorgungstunnel (a land building, play cost 1) while Ben's Sabotage lies in play."""
    return {
        "phase": "build",
        "players": [{"name": "Anna"}, {"name": "Ben"}],
        "cards": [
            {"id": "tunnel", "card": "versorgungstunnel", "owner": "Anna", "zone": "hand", "play_cost": 1},
            {
                "id": "sabotage",
                "card": "sabotage",
                "owner": "Ben",
                "zone": "base-zone",
                "tw": 1,
                "locked": sabotage_locked,
            },
            *_annas_base_buildings(anna_cards),
        ],
        "stack": [{"player": "Anna", "card": "tunnel", "effect": "build"}, *extra_stack],
    }


def _base_build_with_hq(anna_cards: int, hq_reacts: bool = True) -> dict[str, Any]:
    """Anna brings a Kaserne (play cost 1) into play in the base building phase; Ben may lock his HQ in reaction."""
    reaction = [{"player": "Ben", "card": "hq", "effect": "other", "note": "lock the HQ"}] if hq_reacts else []
    return {
        "phase": "base-building",
        "players": [{"name": "Anna"}, {"name": "Ben"}],
        "cards": [
            {"id": "kaserne", "card": "kaserne", "owner": "Anna", "zone": "hand", "play_cost": 1},
            {"id": "hq", "card": "hq", "owner": "Ben", "zone": "base-zone"},
            *_annas_base_buildings(anna_cards),
        ],
        "stack": [{"player": "Anna", "card": "kaserne", "effect": "build"}, *reaction],
    }


def _settle(scenario: dict[str, Any], catalog: dict[str, CatalogCard]) -> StackResult:
    result = evaluate("stack", scenario, catalog=catalog)
    assert isinstance(result, StackResult)
    return result


class TestCostModifiers:
    """The Sabotage (+2 TW for land buildings while unlocked) and the HQ (+1 TW for a base building when locked in
    reaction), taken from the catalog, change what the calculator charges; the trace cites their entries."""

    def test_an_unlocked_sabotage_makes_a_land_building_2_tw_dearer(self, catalog: dict[str, CatalogCard]) -> None:
        result = _settle(_land_build(3), catalog)
        assert [(o.card, o.status.value, o.tw_paid) for o in result.outcomes] == [("tunnel", "resolved", 3)]
        assert (
            "how.sabotage",
            "Sabotage (sabotage) lies unlocked while Versorgungstunnel (tunnel) is paid, so building it costs 2 TW "
            "more",
        ) in {(step.rule, step.text) for step in result.trace}

    def test_a_land_building_short_of_the_sabotage_surcharge_is_scrapped(self, catalog: dict[str, CatalogCard]) -> None:
        """Laid regardless (how.sabotage: as many cards as one likes), it cannot be paid and goes to the scrapyard."""
        result = _settle(_land_build(2), catalog)
        assert [(o.card, o.status.value) for o in result.outcomes] == [("tunnel", "unpaid")]
        assert result.cards["tunnel"].zone.value == "scrapyard"
        assert result.tw_paid["Anna"] == 0

    def test_a_locked_sabotage_adds_nothing(self, catalog: dict[str, CatalogCard]) -> None:
        result = _settle(_land_build(1, sabotage_locked=True), catalog)
        assert [(o.card, o.status.value, o.tw_paid) for o in result.outcomes] == [("tunnel", "resolved", 1)]
        assert "how.sabotage" not in {step.rule for step in result.trace}

    def test_a_sabotage_locked_for_tw_during_the_build_no_longer_raises_the_cost(
        self, catalog: dict[str, CatalogCard]
    ) -> None:
        """how.sabotage: if its owner locks it during the phase purpose (drawing TW), the project is recalculated."""
        result = _settle(_land_build(1, {"player": "Ben", "card": "sabotage", "effect": "produce-tw"}), catalog)
        assert [(o.card, o.status.value, o.tw_paid) for o in result.outcomes][-1] == ("tunnel", "resolved", 1)

    def test_an_hq_locked_in_reaction_makes_a_base_building_1_tw_dearer(self, catalog: dict[str, CatalogCard]) -> None:
        result = _settle(_base_build_with_hq(2), catalog)
        assert [(o.card, o.status.value, o.tw_paid) for o in result.outcomes] == [
            ("hq", "resolved", 0),
            ("kaserne", "resolved", 2),
        ]
        texts = {(step.rule, step.text) for step in result.trace}
        assert (
            "how.hq",
            "HQ (hq) was locked in reaction to Kaserne (kaserne), so bringing it into play costs 1 TW more",
        ) in texts
        assert result.cards["hq"].locked

    def test_without_the_surcharge_paid_the_base_building_is_left(self, catalog: dict[str, CatalogCard]) -> None:
        """how.hq: "muss nun noch einen TW bezahlen oder das Auslegen lassen"."""
        result = _settle(_base_build_with_hq(1), catalog)
        assert [(o.card, o.status.value) for o in result.outcomes] == [("hq", "resolved"), ("kaserne", "unpaid")]
        assert _settle(_base_build_with_hq(1, hq_reacts=False), catalog).outcomes[0].status.value == "resolved"
