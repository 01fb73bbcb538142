"""Tests of :mod:`adjudicator.hell_of_a_war.damage`: the Hell of a War damage-distribution phase."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import TypeAdapter

from adjudicator.errors import ScenarioError
from adjudicator.hell_of_a_war.damage import (
    ActionDamage,
    Block,
    CombatUnit,
    DamageScenario,
    FreeAttack,
    ReturnFire,
    Side,
    Split,
    UnitKind,
    evaluate_damage,
)
from adjudicator.plain import InvalidScenario, from_plain
from adjudicator.registry import calculators, prepare

LAND, AIR, SEA = UnitKind.LAND, UnitKind.AIR, UnitKind.SEA
ATT, DEF = Side.ATTACKER, Side.DEFENDER


def unit(name: str, side: Side, kind: UnitKind = LAND, defence: int = 2, **extra: Any) -> CombatUnit:
    return CombatUnit(name, side, kind, defence, **extra)


def errors_of(build: Any) -> list[str]:
    with pytest.raises(InvalidScenario) as raised:
        build()
    return [str(error) for error in raised.value.errors]


class TestCombatUnit:
    @pytest.mark.parametrize(
        ("fields", "message"),
        [
            ({"defence": 0}, "defence: must be a printed defence value of 1 or more (got 0)"),
            ({"attack": {LAND: -1}}, "attack.land: must be 0 or more (got -1)"),
            (
                {"defence_markers": 3, "marker_limit": 2},
                "defence_markers: must not exceed the card's limit of 2 defence markers (got 3)",
            ),
            (
                {"dig_in": True},
                "marker_limit: is needed for Eingraben!: the most markers the card may carry (got None)",
            ),
            (
                {"land_upgrade": True, "kind": AIR},
                "kind: a land upgrade defends as a land unit, so its kind must be 'land' (got 'air')",
            ),
            ({"max_blocked": 0}, "max_blocked: must be 1 or more (got 0)"),
        ],
    )
    def test_impossible_cards_are_refused(self, fields: dict[str, Any], message: str) -> None:
        """Defence below 1, negative values,
        markers above the card's limit and Eingraben! without a limit are refused.
        """
        values: dict[str, Any] = {"name": "Infanterie", "side": DEF, "kind": LAND, "defence": 2} | fields
        with pytest.raises(ScenarioError) as raised:
            CombatUnit(**values)
        assert str(raised.value) == message

    @pytest.mark.parametrize(
        ("subtypes", "selector", "described"),
        [
            (("Bomber",), "Bomber", True),
            (("Bomber",), "bomber", True),
            ((), "air", True),
            (("Jagdbomber",), "Jäger", True),
            (("Jagdbomber",), "Bomber", True),
            (("Jäger",), "Nachtjäger", False),
            (("Nachtjäger",), "Jäger", False),
            (("Jäger",), "land", False),
        ],
    )
    def test_card_text_names_kinds_and_subtypes(
        self, subtypes: tuple[str, ...], selector: str, described: bool
    ) -> None:
        """A card text means a card by kind or subtype, a fighter-bomber is both (how.jagdbomber),
        a night fighter is not a fighter (how.vorteil).
        """
        assert unit("X", ATT, AIR, subtypes=subtypes).described_by(selector) is described


class TestValidation:
    def test_two_bad_fields_of_one_unit_are_both_reported(self) -> None:
        """A unit with no defence and negative markers is refused for both, not for the first alone."""
        data = {"units": [{"name": "Panzer", "side": "attacker", "kind": "land", "defence": 0, "defence_markers": -1}]}
        with pytest.raises(InvalidScenario) as raised:
            prepare("damage", data)
        assert [str(error) for error in raised.value.errors] == [
            "units.0.defence: must be a printed defence value of 1 or more (got 0)",
            "units.0.defence_markers: must be 0 or more (got -1)",
        ]

    def test_every_problem_is_reported_at_once(self) -> None:
        """Unknown names, friendly fire, illegal blocks and bad splits are collected together."""
        messages = errors_of(
            lambda: DamageScenario(
                units=(
                    unit("Panzer", ATT),
                    unit("Panzer", ATT),
                    unit("Jäger", DEF, AIR, attack={AIR: 2}),
                    unit("Flak", DEF, locked=True),
                ),
                blocks=(Block("Jäger", "Panzer"), Block("Flak", "Panzer"), Block("Geist", "Panzer")),
                attacks=(FreeAttack("Panzer", "Panzer"),),
                splits=(Split("Jäger", AIR, {"Panzer": 1}),),
            )
        )
        assert messages == [
            "units.1.name: must be unique in the scenario (got 'Panzer')",
            "blocks.0: Jäger (air) may block Panzer (land) only where its card allows it (can block) (got "
            "'Jäger → Panzer')",
            "blocks.1.blocker: must be unlocked to block (got 'Flak')",
            "blocks.2.blocker: must name one of the units: Panzer, Jäger, Flak (got 'Geist')",
            "attacks.0.target: damage may never be dealt to one's own cards (got 'Panzer')",
            "splits.0.shares.Panzer: must be one of the air units Jäger fights: none (got 'Panzer')",
            "splits.0.shares: must add up to Jäger's AG-Luft of 2: each value is dealt exactly once (got 1)",
        ]

    @pytest.mark.parametrize(
        ("units", "blocks", "attacks", "message"),
        [
            (
                (unit("Jäger", ATT, AIR), unit("Panzer", DEF)),
                (),
                (FreeAttack("Jäger", "Panzer"),),
                "attacks.0.target: Jäger (air) may damage Panzer (land) only with Initiative! land (got 'Panzer')",
            ),
            (
                (unit("Grace", ATT, AIR, cannot_attack=("air",)), unit("Jäger", DEF, AIR)),
                (),
                (FreeAttack("Grace", "Jäger"),),
                "attacks.0.target: Grace's card says it cannot attack this target (got 'Jäger')",
            ),
            (
                (unit("Panzer", ATT), unit("Pak", DEF)),
                (Block("Pak", "Panzer"),),
                (FreeAttack("Panzer", "Pak"),),
                "attacks.0.attacker: is blocked, so it deals damage only to its blockers (rules a, b) (got 'Panzer')",
            ),
            (
                (unit("Panzer", ATT, camouflage_against=("Pak",)), unit("Pak", DEF, subtypes=("Pak",))),
                (Block("Pak", "Panzer"),),
                (),
                "blocks.0: Panzer has Tarnung! against Pak and cannot be blocked by it (got 'Pak → Panzer')",
            ),
            (
                (unit("A", ATT), unit("B", ATT), unit("Pak", DEF)),
                (Block("Pak", "A"), Block("Pak", "B")),
                (),
                "blocks: Pak may block 1 attacker (max blocked) (got 2)",
            ),
        ],
        ids=["initiative", "cannot-attack", "blocked-attacker", "tarnung-block", "one-block-each"],
    )
    def test_illegal_declarations(
        self, units: tuple[CombatUnit, ...], blocks: tuple[Block, ...], attacks: tuple[FreeAttack, ...], message: str
    ) -> None:
        """Targets outside Initiative!, 'cannot attack', free attacks of blocked units,
        blocks camouflage forbids and extra blocks are refused.
        """
        assert errors_of(lambda: DamageScenario(units, blocks, attacks)) == [message]

    def test_plain_data_errors_carry_the_path(self) -> None:
        """Errors inside a unit are prefixed with its position in the scenario."""
        with pytest.raises(InvalidScenario) as raised:
            from_plain(DamageScenario, {"units": [{"name": "A", "side": "attacker", "kind": "land", "defence": -1}]})
        assert str(raised.value) == "units.0.defence: must be a printed defence value of 1 or more (got -1)"


class TestBlocks:
    @pytest.mark.parametrize(
        ("attack", "blocker_defence", "destroyed"),
        [(1, 2, ()), (2, 2, ("Pak",)), (3, 2, ("Pak",))],
    )
    def test_rule_a_destroys_at_defence(self, attack: int, blocker_defence: int, destroyed: tuple[str, ...]) -> None:
        """Rule a: the blocked attacker's matching value hits the blocker;
        a card is destroyed when damage reaches its defence.
        """
        scenario = DamageScenario(
            (unit("Panzer", ATT, defence=9, attack={LAND: attack}), unit("Pak", DEF, defence=blocker_defence)),
            (Block("Pak", "Panzer"),),
        )
        assert evaluate_damage(scenario).destroyed == destroyed

    def test_multi_block_splits_each_value_only_among_its_type(self) -> None:
        """how.mehrfachblocks: AG-Luft 3 goes only to the two aircraft, as the player splits it;
        AG-Boden 2 only to the gun.
        """
        scenario = DamageScenario(
            (
                unit("He177", ATT, AIR, defence=9, attack={LAND: 2, AIR: 3, SEA: 5}),
                unit("Gladiator", DEF, AIR),
                unit("Hurricane", DEF, AIR),
                unit("Bofors", DEF, LAND, can_block=(AIR,)),
            ),
            (Block("Gladiator", "He177"), Block("Hurricane", "He177"), Block("Bofors", "He177")),
            splits=(Split("He177", AIR, {"Gladiator": 1, "Hurricane": 2}),),
        )
        result = evaluate_damage(scenario)
        assert result.dealt["He177"] == {"Gladiator": 1, "Hurricane": 2, "Bofors": 2}
        assert result.destroyed == ("Hurricane", "Bofors")

    def test_default_split_destroys_in_turn_and_says_so(self) -> None:
        """Without a stated split each blocker in turn gets what destroys it, the rest to the last;
        the trace says it is a default.
        """
        scenario = DamageScenario(
            (
                unit("Panther", ATT, defence=9, attack={LAND: 5}),
                unit("A", DEF, defence=2, defence_markers=1),
                unit("B", DEF, defence=4),
            ),
            (Block("A", "Panther"), Block("B", "Panther")),
        )
        result = evaluate_damage(scenario)
        assert result.dealt["Panther"] == {"A": 3, "B": 2}
        assert any("by default" in step.text for step in result.trace)

    def test_a_unit_blocking_two_splits_its_value(self) -> None:
        """Rule aa: a Panther V D blocking two attackers splits its AG-Boden between them."""
        scenario = DamageScenario(
            (unit("A", ATT), unit("B", ATT), unit("Panther V D", DEF, defence=9, attack={LAND: 4}, max_blocked=2)),
            (Block("Panther V D", "A"), Block("Panther V D", "B")),
        )
        result = evaluate_damage(scenario)
        assert result.dealt["Panther V D"] == {"A": 2, "B": 2}
        assert result.destroyed == ("A", "B")


class TestUnblockedAttackers:
    @pytest.mark.parametrize(
        ("target_fields", "declined", "returned"),
        [
            ({}, (), 3),
            ({"locked": True}, (), 0),
            ({}, ("Pak",), 0),
        ],
        ids=["cc2-unlocked-returns", "cc1-locked-returns-nothing", "cc2-declined"],
    )
    def test_what_the_target_returns(
        self, target_fields: dict[str, Any], declined: tuple[str, ...], returned: int
    ) -> None:
        """cc1: a unit locked earlier returns nothing;
        cc2: an unlocked one may return its matching value (and is locked).
        """
        scenario = DamageScenario(
            (
                unit("Panzer", ATT, defence=9, attack={LAND: 1}),
                unit("Pak", DEF, defence=9, attack={LAND: 3}, **target_fields),
            ),
            attacks=(FreeAttack("Panzer", "Pak"),),
            declined_returns=declined,
        )
        result = evaluate_damage(scenario)
        assert result.dealt_total["Pak"] == returned
        assert result.locked_by_return == (("Pak",) if returned else ())

    def test_cc2_each_value_whole_to_one_attacker(self) -> None:
        """cc2: attacked by two unblocked tanks, the gun returns its AG-Boden whole to the one the player names."""
        scenario = DamageScenario(
            (
                unit("P1", ATT, attack={LAND: 1}),
                unit("P2", ATT, attack={LAND: 1}),
                unit("Pak", DEF, defence=9, attack={LAND: 3}),
            ),
            attacks=(FreeAttack("P1", "Pak"), FreeAttack("P2", "Pak")),
            returns=(ReturnFire("Pak", "P2"),),
        )
        assert evaluate_damage(scenario).dealt["Pak"] == {"P2": 3}

    def test_cc3_blocker_returns_only_an_unused_value(self) -> None:
        """cc3: a Flak blocking a tank with AG-Boden returns its unused AG-Luft to an unblocked aircraft,
        but nothing to a second tank.
        """
        scenario = DamageScenario(
            (
                unit("Panzer", ATT, defence=9, attack={LAND: 1}),
                unit("Panzer 2", ATT, defence=9, attack={LAND: 1}),
                unit("Stuka", ATT, AIR, defence=9, attack={LAND: 1}, initiative=(LAND,)),
                unit("Flak", DEF, defence=9, attack={LAND: 1, AIR: 4}),
            ),
            (Block("Flak", "Panzer"),),
            (FreeAttack("Panzer 2", "Flak"), FreeAttack("Stuka", "Flak")),
        )
        result = evaluate_damage(scenario)
        assert result.dealt["Flak"] == {"Panzer": 1, "Stuka": 4}
        assert result.locked_by_return == ()

    def test_sonderfall_card_text_draws_unblocked_attackers(self) -> None:
        """Sonderfall: an unblocked aircraft that 'cannot attack aircraft' still deals its AG-Luft to the Lince,
        which hits back as a blocker.
        """
        scenario = DamageScenario(
            (
                unit(
                    "Grace", ATT, AIR, defence=5, attack={AIR: 3, LAND: 2}, cannot_attack=("air",), initiative=(LAND,)
                ),
                unit("Lince", DEF, AIR, defence=5, attack={AIR: 1}, draws_unblocked=("air",)),
                unit("Infanterie", DEF),
            ),
            attacks=(FreeAttack("Grace", "Lince"),),
        )
        result = evaluate_damage(scenario)
        assert result.dealt == {"Grace": {"Lince": 3}, "Lince": {"Grace": 1}}

    def test_a_drawn_attacker_may_not_choose_another_target(self) -> None:
        """Sonderfall: the Lince's card text prevents the free choice of target."""
        messages = errors_of(
            lambda: DamageScenario(
                (
                    unit("Me109", ATT, AIR, initiative=(LAND,)),
                    unit("Lince", DEF, AIR, draws_unblocked=("air",)),
                    unit("Infanterie", DEF),
                ),
                attacks=(FreeAttack("Me109", "Infanterie"),),
            )
        )
        assert messages == [
            "attacks.0.target: must be Lince, whose card text draws the damage of unblocked attackers (the Sonderfall "
            "of the damage distribution phase) (got 'Infanterie')"
        ]


class TestVorteil:
    def test_destroyed_by_advantage_alone_deals_nothing(self) -> None:
        """how.vorteil: the bomber destroyed by the Spitfire's Vorteil! damage returns nothing."""
        scenario = DamageScenario(
            (
                unit("Do217", ATT, AIR, attack={AIR: 5}, subtypes=("Bomber",)),
                unit("Spitfire", DEF, AIR, attack={AIR: 2}, advantage_against=("Bomber",)),
            ),
            (Block("Spitfire", "Do217"),),
        )
        result = evaluate_damage(scenario)
        assert result.destroyed == ("Do217",)
        assert result.destroyed_by_advantage == ("Do217",)
        assert result.dealt_total["Do217"] == 0

    def test_advantage_not_enough_alone_lets_the_target_hit_back(self) -> None:
        """A target that survives the Vorteil! damage deals its damage normally at the end of the phase."""
        scenario = DamageScenario(
            (
                unit("Do217", ATT, AIR, defence=3, attack={AIR: 2}, subtypes=("Bomber",)),
                unit("Spitfire", DEF, AIR, attack={AIR: 2}, advantage_against=("Bomber",)),
            ),
            (Block("Spitfire", "Do217"),),
        )
        result = evaluate_damage(scenario)
        assert result.destroyed == ("Spitfire",)
        assert result.destroyed_by_advantage == ()

    def test_advantage_only_against_the_named_type(self) -> None:
        """'Vorteil! gegen Nachtjäger' does not act against ordinary fighters."""
        scenario = DamageScenario(
            (
                unit("Bf110", ATT, AIR, attack={AIR: 2}, subtypes=("Jäger",)),
                unit("Mosquito", DEF, AIR, attack={AIR: 2}, advantage_against=("Nachtjäger",)),
            ),
            (Block("Mosquito", "Bf110"),),
        )
        result = evaluate_damage(scenario)
        assert result.destroyed == ("Bf110", "Mosquito")
        assert result.destroyed_by_advantage == ()


class TestMarkersAndSturm:
    @pytest.mark.parametrize(
        ("plain", "storm", "markers", "bonus", "lost", "on_defence", "destroyed"),
        [
            (3, 1, 2, 0, 2, 2, True),
            (0, 1, 2, 0, 0, 1, False),
            (0, 2, 2, 0, 0, 2, True),
            (2, 0, 2, 0, 2, 0, False),
            (3, 0, 2, 1, 2, 0, False),
            (1, 2, 0, 5, 0, 2, True),
        ],
        ids=["sturm-example", "sturm-alone", "sturm-enough", "markers-absorb", "bonus-absorbs", "sturm-ignores-bonus"],
    )
    def test_absorption_table(
        self, plain: int, storm: int, markers: int, bonus: int, lost: int, on_defence: int, destroyed: bool
    ) -> None:
        """Markers, then other bonuses, take ordinary damage first;
        Sturm! damage goes straight onto the printed defence (2).
        """
        units = [unit("Infanterie", DEF, defence=2, defence_markers=markers, defence_bonus=bonus)]
        attacks = []
        if plain:
            units.append(unit("Späher", ATT, attack={LAND: plain}))
            attacks.append(FreeAttack("Späher", "Infanterie"))
        if storm:
            units.append(unit("Sturmpanzer", ATT, defence=9, attack={LAND: storm}, sturm=True))
            attacks.append(FreeAttack("Sturmpanzer", "Infanterie"))
        result = evaluate_damage(DamageScenario(tuple(units), attacks=tuple(attacks), declined_returns=("Infanterie",)))
        assert result.absorbed_by_markers["Infanterie"] == lost
        assert result.damage_to_defence["Infanterie"] == on_defence
        assert ("Infanterie" in result.destroyed) is destroyed

    def test_attackers_have_lost_their_markers(self) -> None:
        """how.verteidigungsmarker: a unit that attacked loses its markers at the start of the next phase."""
        scenario = DamageScenario(
            (unit("Infanterie", ATT, defence=2, defence_markers=2, marker_limit=2), unit("Pak", DEF, attack={LAND: 2})),
            (Block("Pak", "Infanterie"),),
        )
        result = evaluate_damage(scenario)
        assert "Infanterie" in result.destroyed
        assert result.trace.steps[0].rule == "how.verteidigungsmarker"

    def test_eingraben_restores_markers_next_round(self) -> None:
        """how.eingraben: a surviving Eingraben! unit is dug in again up to its limit between the rounds."""
        scenario = DamageScenario(
            (
                unit("Infanterie", DEF, defence=2, defence_markers=2, marker_limit=3, dig_in=True),
                unit("Späher", ATT, attack={LAND: 3}),
            ),
            attacks=(FreeAttack("Späher", "Infanterie"),),
        )
        result = evaluate_damage(scenario)
        assert result.defence_markers_after == {"Infanterie": 0, "Späher": 0}
        assert result.defence_markers_next_round == {"Infanterie": 3}


class TestTarnung:
    def test_camouflage_prevents_damage_from_the_named_kind_and_actions(self) -> None:
        """how.tarnung: Tarnung! against aircraft stops the Stuka and a seaplane's Sperrschaden,
        not an action of no unit.
        """
        scenario = DamageScenario(
            (
                unit("Panzer", DEF, defence=3, camouflage_against=("air",)),
                unit("Stuka", ATT, AIR, attack={LAND: 2}, initiative=(LAND,)),
            ),
            attacks=(FreeAttack("Stuka", "Panzer"),),
            action_damage=(
                ActionDamage("Sperrschaden Flugboot", "Panzer", 5, AIR),
                ActionDamage("Artillerieschlag", "Panzer", 1),
            ),
            declined_returns=("Panzer",),
        )
        result = evaluate_damage(scenario)
        assert result.received["Panzer"] == 1
        assert result.destroyed == ()

    def test_camouflage_against_actions_stops_every_damaging_action(self) -> None:
        """how.tarnung: Tarnung! against actions stops damage from actions,
        whatever deals them, but not a unit's attack.
        """
        scenario = DamageScenario(
            (unit("Panzer", DEF, defence=9, camouflage_against=("action",)), unit("Pak", ATT, attack={LAND: 2})),
            attacks=(FreeAttack("Pak", "Panzer"),),
            action_damage=(
                ActionDamage("Artillerieschlag", "Panzer", 5),
                ActionDamage("Sperrschaden Zerstörer", "Panzer", 3, SEA),
            ),
            declined_returns=("Panzer",),
        )
        assert evaluate_damage(scenario).received["Panzer"] == 2


SIDES = st.sampled_from(list(Side))


@st.composite
def one_target_fights(draw: st.DrawFn) -> DamageScenario:
    """A defender's land unit attacked by up to four unblocked land attackers with random values."""
    target = unit(
        "Ziel",
        DEF,
        defence=draw(st.integers(1, 6)),
        attack={LAND: draw(st.integers(0, 4))},
        defence_markers=draw(st.integers(0, 3)),
        defence_bonus=draw(st.integers(0, 2)),
        locked=draw(st.booleans()),
    )
    attackers = tuple(
        unit(
            f"A{index}",
            ATT,
            defence=draw(st.integers(1, 6)),
            attack={LAND: draw(st.integers(0, 5))},
            sturm=draw(st.booleans()),
        )
        for index in range(draw(st.integers(1, 4)))
    )
    return DamageScenario((target, *attackers), attacks=tuple(FreeAttack(a.name, "Ziel") for a in attackers))


class TestProperties:
    @given(one_target_fights())
    def test_damage_is_conserved(self, scenario: DamageScenario) -> None:
        """Every point dealt is a point received, and each card's damage is split into markers, bonus and defence."""
        result = evaluate_damage(scenario)
        assert sum(result.dealt_total.values()) == sum(result.received.values())
        for card in scenario.units:
            assert (
                result.absorbed_by_markers[card.name] + result.damage_to_defence[card.name]
                <= result.received[card.name]
            )

    @given(one_target_fights())
    def test_destroyed_exactly_when_damage_reaches_the_printed_defence(self, scenario: DamageScenario) -> None:
        """how.verteidigungswert: destroyed if and only if the
        damage on the printed defence is at least that defence.
        """
        result = evaluate_damage(scenario)
        for card in scenario.units:
            assert (card.name in result.destroyed) is (result.damage_to_defence[card.name] >= card.defence)

    @given(one_target_fights())
    def test_sturm_never_reduces_markers(self, scenario: DamageScenario) -> None:
        """how.sturm: markers lost never exceed the damage of the units without Sturm!."""
        result = evaluate_damage(scenario)
        plain = sum(card.attack.get(LAND, 0) for card in scenario.units if card.side is ATT and not card.sturm)
        assert result.absorbed_by_markers["Ziel"] <= plain

    @given(one_target_fights(), st.integers(1, 3))
    def test_more_markers_never_hurt(self, scenario: DamageScenario, extra: int) -> None:
        """A target that survives keeps surviving with more defence markers."""
        target = scenario.units[0]
        stronger = CombatUnit(**{**target.__dict__, "defence_markers": target.defence_markers + extra})
        before = evaluate_damage(scenario)
        after = evaluate_damage(DamageScenario((stronger, *scenario.units[1:]), attacks=scenario.attacks))
        if "Ziel" not in before.destroyed:
            assert "Ziel" not in after.destroyed


class TestCalculator:
    def test_registered_with_a_json_schema(self) -> None:
        """The calculator is registered as 'damage' and its scenario has a JSON Schema."""
        calculator = calculators()["damage"]
        schema = TypeAdapter(calculator.scenario).json_schema()
        assert "units" in schema["required"]

    def test_summary_names_the_destroyed_and_the_survivors(self) -> None:
        """The summary lists the destroyed cards and each side's survivors."""
        scenario = DamageScenario((unit("Panzer", ATT, attack={LAND: 2}), unit("Pak", DEF)), (Block("Pak", "Panzer"),))
        assert evaluate_damage(scenario).summary() == [
            "Destroyed: Pak",
            "Surviving (attacker): Panzer",
            "Surviving (defender): none",
        ]
