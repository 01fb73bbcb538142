"""The ``battle`` and ``battle-replay`` calculators: the odds or the replay of a dice battle, explained.

A scenario names the ``game`` (``axis-and-allies-2e``, source ``003_…``, rules in
:mod:`adjudicator.axis_and_allies_2e.combat`; ``strategic-europe``, source ``000_…``, rules in
:mod:`adjudicator.strategic_europe.combat`), the two sides (unit counts, technologies, loss
order …) and the policies (retreat after round N or below K units, round limit).
``battle`` answers with the exact outcome distribution (or, with
``method: monte-carlo``, a seeded sample) computed by :mod:`adjudicator.battle.engine`;
``battle-replay`` applies the dice actually rolled and reports the hits and
casualties of each round. Every rule the game applies is a step of the trace.

>>> from adjudicator.battle.scenario import BattleScenario
>>> from adjudicator.plain import from_plain
>>> scenario = from_plain(BattleScenario, {"game": "axis-and-allies-2e",
...     "attacker": {"units": {"infantry": 3, "armor": 2}}, "defender": {"units": {"infantry": 4}}})
>>> result = evaluate_battle(scenario)
>>> round(result.attacker_wins + result.defender_wins + result.both_destroyed, 12)
1.0
"""

from __future__ import annotations

import math
import random
from collections import defaultdict
from dataclasses import dataclass
from operator import mul

from adjudicator.battle.engine import (
    AfterBattle,
    BattleSetup,
    Combatant,
    Ending,
    ExactOutcome,
    FinalState,
    RoundOdds,
    RoundRecord,
    RoundRolls,
    RoundsToCome,
    replay,
    simulate,
    solve_exact,
    solve_exact_first,
)
from adjudicator.battle.picture import render_battle_svg
from adjudicator.battle.rounds import RoundLine, rounds_table
from adjudicator.battle.scenario import BattleScenario, Game, Method, ReplayScenario, rules_for
from adjudicator.errors import ScenarioError
from adjudicator.messages import N_, Message, MessageList, N_plural, Summarized, Table, message
from adjudicator.plain import InvalidScenario
from adjudicator.registry import Calculator
from adjudicator.trace import Trace, TraceBuilder

__all__ = [
    "CALCULATORS",
    "BattleResult",
    "OutcomeLine",
    "ReplayResult",
    "RoundLine",
    "UnitProfile",
    "evaluate_battle",
    "evaluate_battle_first",
    "evaluate_replay",
    "prepare",
]


SIDE_WORDS = {"attacker": N_("attacker"), "defender": N_("defender")}
"""The sides of a battle as the reader's words (the engine's side names are these English words)."""

STEP_WORDS = {
    "anti-aircraft": N_("anti-aircraft"),
    "support": N_("support"),
    "first-strike": N_("first-strike"),
    "main": N_("main"),
}
"""The fire steps of a round (:class:`~adjudicator.battle.engine.VolleyRecord` ``step``) as words."""

ENDING_WORDS = {
    Ending.ATTACKER_WINS.value: N_("attacker-wins"),
    Ending.DEFENDER_WINS.value: N_("defender-wins"),
    Ending.BOTH_DESTROYED.value: N_("both-destroyed"),
    Ending.ATTACKER_RETREATED.value: N_("attacker-retreated"),
    Ending.UNDECIDED.value: N_("undecided"),
}
"""How a battle ended, as shown (the result field keeps :class:`~adjudicator.battle.engine.Ending`'s value)."""


def _round_label(round_number: int) -> Message:
    """``before round 1`` for the opening fire (round 0), else ``round N``."""
    return message("before round 1") if round_number == 0 else message("round {round}", round=round_number)


def _unit_counts(units: dict[str, int]) -> MessageList | None:
    """``1 carrier, 2 infantry``: each unit type with its count; ``None`` when there is none."""
    if not units:
        return None
    return MessageList(tuple(message("{count} {unit}", count=count, unit=name) for name, count in units.items()))


@dataclass(frozen=True)
class UnitProfile:
    """How one unit type fights in this battle."""

    count: int
    dice: int
    """Dice per unit per round."""
    hits_on: int
    """A die hits on this value or less."""
    rolls_per_die: int
    cost: float | None
    first_strike: bool
    hits_air: bool


@dataclass(frozen=True)
class OutcomeLine:
    """One way the battle can end, with the survivors of each side."""

    ending: str
    attacker: dict[str, int]
    defender: dict[str, int]
    probability: float


@dataclass(frozen=True)
class BattleResult(Summarized):
    """The odds of a battle: who wins, who survives, what it costs."""

    game: str
    method: str
    attacker_wins: float
    """Only the attacker is left in the battle."""
    defender_wins: float
    """The defender holds: the attacker was destroyed, retreated, or the battle stayed undecided."""
    both_destroyed: float
    attacker_retreats: float
    """Part of ``defender_wins``: the attacker retreated or withdrew."""
    undecided: float
    """Part of ``defender_wins``: the round limit came with both sides left (or neither can hit)."""
    attacker_captures: float | None
    """Land battles: the attacker wins with a ground unit left to take the territory."""
    expected_attacker_survivors: dict[str, float]
    expected_defender_survivors: dict[str, float]
    expected_attacker_loss_cost: float | None
    """Expected cost (IPC) of the attacker's losses; ``None`` where the source gives no costs."""
    expected_defender_loss_cost: float | None
    expected_rounds: float | None
    outcomes: tuple[OutcomeLine, ...]
    """Every ending with its probability, most likely first (exact method)."""
    attacker_survivors: dict[str, tuple[float, ...]]
    """Per unit type: the chance that 0, 1, 2 … units of the type are left (exact method; empty otherwise)."""
    defender_survivors: dict[str, tuple[float, ...]]
    """Per unit type: the chance that 0, 1, 2 … of the defender's units of the type are left (exact method)."""
    attacker_survivor_totals: tuple[float, ...]
    """The chance that 0, 1, 2 … of the attacker's units are left in all (exact method; empty otherwise)."""
    defender_survivor_totals: tuple[float, ...]
    """The chance that 0, 1, 2 … of the defender's units are left in all (exact method; empty otherwise)."""
    attacker_profile: dict[str, UnitProfile]
    defender_profile: dict[str, UnitProfile]
    pruned_probability: float
    states: int
    monte_carlo_runs: int | None
    standard_errors: dict[str, float] | None
    by_round: tuple[RoundLine, ...]
    """Round by round from round 1: the chance that the battle is still on, each side's expected units and their
    cost (exact: until less than 1e-9 is still on, 50 rounds at most; Monte Carlo: the share of the battles)."""
    trace: Trace

    def summary_messages(self) -> list[Message]:
        """The odds in a few lines."""
        how = (
            message("exact")
            if self.method == Method.EXACT.value
            else message(N_plural("Monte Carlo, {count} run", "Monte Carlo, {count} runs"), count=self.monte_carlo_runs)
        )
        lines = [
            message(
                "Attacker wins: {attacker:.4%}   defender holds: {defender:.4%}   both destroyed: {both:.4%}  ({how})",
                attacker=self.attacker_wins,
                defender=self.defender_wins,
                both=self.both_destroyed,
                how=how,
            )
        ]
        if self.attacker_retreats or self.undecided:
            lines.append(
                message(
                    "  of which the attacker retreats: {retreats:.4%}, undecided: {undecided:.4%}",
                    retreats=self.attacker_retreats,
                    undecided=self.undecided,
                )
            )
        if self.attacker_captures is not None:
            lines.append(message("Attacker takes the territory: {share:.4%}", share=self.attacker_captures))
        if self.expected_attacker_loss_cost is not None and self.expected_defender_loss_cost is not None:
            lines.append(
                message(
                    "Expected losses: attacker {attacker:.2f} IPC, defender {defender:.2f} IPC",
                    attacker=self.expected_attacker_loss_cost,
                    defender=self.expected_defender_loss_cost,
                )
            )
        if self.expected_rounds is not None:
            lines.append(message("Expected rounds: {rounds:.3f}", rounds=self.expected_rounds))
        return lines

    def tables(self) -> list[Table]:
        """The first rounds (:func:`adjudicator.battle.rounds.rounds_table`)."""
        table = rounds_table(self.by_round, self.game)
        return [table] if table else []


@dataclass(frozen=True)
class ReplayResult(Summarized):
    """A battle replayed from the dice actually rolled."""

    game: str
    rounds: tuple[RoundRecord, ...]
    ending: str | None
    """How the battle ended, or ``None`` if the rolls stop before it ends."""
    attacker: dict[str, int]
    """Attacker units left (in the battle or withdrawn) after the last round given."""
    defender: dict[str, int]
    attacker_losses: dict[str, int]
    defender_losses: dict[str, int]
    attacker_profile: dict[str, UnitProfile]
    defender_profile: dict[str, UnitProfile]
    by_round: tuple[RoundLine, ...]
    """Round by round, as the odds give it: whether the battle is still on (1 or 0) and the units of each side
    left after the round, with their cost."""
    trace: Trace

    def summary_messages(self) -> list[Message]:
        """Round by round: hits and casualties."""
        lines = []
        for record in self.rounds:
            label = _round_label(record.round)
            for volley in record.volleys:
                lines.append(
                    message(
                        N_plural(
                            "{round}: {side} {step}: {count} hit, removes {casualties}",
                            "{round}: {side} {step}: {count} hits, removes {casualties}",
                        ),
                        round=label,
                        side=SIDE_WORDS.get(volley.side, volley.side),
                        step=STEP_WORDS.get(volley.step, volley.step),
                        count=volley.hits,
                        casualties=_unit_counts(volley.casualties) or message("nothing"),
                    )
                )
        lines.append(
            message(
                "Ending: {ending}; attacker left {attacker}, defender left {defender}",
                ending=ENDING_WORDS.get(self.ending, self.ending) if self.ending else message("the battle goes on"),
                attacker=_unit_counts(self.attacker) or message("nothing"),
                defender=_unit_counts(self.defender) or message("nothing"),
            )
        )
        return lines

    def tables(self) -> list[Table]:
        """The rounds replayed (:func:`adjudicator.battle.rounds.rounds_table`)."""
        table = rounds_table(self.by_round, self.game)
        return [table] if table else []


def prepare(scenario: BattleScenario, trace: TraceBuilder) -> tuple[BattleSetup, AfterBattle]:
    """The battle set up by the game's rules, each rule recorded in ``trace``."""
    return rules_for(scenario.game).prepare(scenario, trace)


def _explain_stranded(trace: TraceBuilder, rule: str | None, after: AfterBattle, probability: float) -> None:
    if rule is not None and after.stranded and probability > 0:
        trace.add(
            rule,
            "the defender's surviving fighters are lost at sea when every carrier is sunk and no friendly island is in "
            "the zone (probability {probability:.6g})",
            probability=probability,
        )


def _profiles(units: tuple[Combatant, ...], counts: tuple[int, ...], costs_known: bool) -> dict[str, UnitProfile]:
    """Each unit type's profile; the groups a casualty policy split a type into count together."""
    totals = _by_type(units, counts)
    return {
        unit.type_name: UnitProfile(
            totals[unit.type_name],
            unit.dice,
            unit.hits_on,
            unit.rolls_per_die,
            unit.cost if costs_known else None,
            unit.first_strike,
            unit.hits_air,
        )
        for unit in units
    }


def _by_type(units: tuple[Combatant, ...], counts: tuple[int, ...]) -> dict[str, int]:
    """Counts per unit type (the groups of one type added up), in the order the types first appear."""
    totals: dict[str, int] = {}
    for unit, count in zip(units, counts):
        totals[unit.type_name] = totals.get(unit.type_name, 0) + count
    return totals


def _distributions(
    units: tuple[Combatant, ...], start: tuple[int, ...], finals: list[tuple[tuple[int, ...], float]]
) -> tuple[dict[str, tuple[float, ...]], tuple[float, ...]]:
    """Per unit type and in all: the chance of each number of survivors, over ``(survivors, chance)`` endings."""
    sizes = _by_type(units, start)
    per_type = {name: [0.0] * (size + 1) for name, size in sizes.items()}
    totals = [0.0] * (sum(start) + 1)
    for survivors, probability in finals:
        for name, count in _by_type(units, survivors).items():
            per_type[name][count] += probability
        totals[sum(survivors)] += probability
    return {name: tuple(chances) for name, chances in per_type.items()}, tuple(totals)


def _cost(units: tuple[Combatant, ...], counts: tuple[int, ...]) -> float:
    return math.fsum(unit.cost * count for unit, count in zip(units, counts))


def _round_lines(
    setup: BattleSetup, after: AfterBattle, by_round: tuple[RoundOdds, ...], costs_known: bool
) -> tuple[RoundLine, ...]:
    """Each round's line: the battles still on and the survivors of those that ended in it or before.

    A battle that ended loses what :class:`AfterBattle` takes (the defender's stranded
    fighters), as the expected survivors of the whole battle do.
    """
    costs_a = [unit.cost for unit in setup.attacker]
    costs_d = [unit.cost for unit in setup.defender]
    ended = [0.0, 0.0, 0.0, 0.0]
    """Units and cost of the attacker, then of the defender, of the battles ended so far, times their chances."""
    lines = []
    for odds in by_round:
        for final in odds.ended:
            defender_left = after.apply(final.defender)
            p = final.probability
            ended[0] += p * sum(final.attacker)
            ended[1] += p * _cost(setup.attacker, final.attacker)
            ended[2] += p * sum(defender_left)
            ended[3] += p * _cost(setup.defender, defender_left)
        if odds.round == 0:
            continue
        lines.append(
            RoundLine(
                odds.round,
                odds.still_on,
                ended[0] + math.fsum(odds.attacker),
                ended[2] + math.fsum(odds.defender),
                ended[1] + math.fsum(map(mul, costs_a, odds.attacker)) if costs_known else None,
                ended[3] + math.fsum(map(mul, costs_d, odds.defender)) if costs_known else None,
            )
        )
    return tuple(lines)


def evaluate_battle(scenario: BattleScenario, *, by_round: bool = True) -> BattleResult:
    """The ``battle`` calculator; ``by_round=False`` leaves the rounds out (:func:`evaluate_battle_first`)."""
    trace = TraceBuilder()
    rules = rules_for(scenario.game)
    setup, after = rules.prepare(scenario, trace)
    costs_known = rules.costs_known
    if scenario.method is Method.MONTE_CARLO:
        _WAITING.clear()
        return _monte_carlo(scenario, setup, after, rules.method_rule, costs_known, trace, by_round)
    outcome = _solved(scenario, setup, by_round)
    lines: dict[tuple[str, tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]], float] = defaultdict(float)
    survivors_a = dict.fromkeys(_by_type(setup.attacker, setup.attacker_counts), 0.0)
    survivors_d = dict.fromkeys(_by_type(setup.defender, setup.defender_counts), 0.0)
    finals_a: list[tuple[tuple[int, ...], float]] = []
    finals_d: list[tuple[tuple[int, ...], float]] = []
    lost_a = lost_d = 0.0
    captures = 0.0
    stranded = 0.0
    for final in outcome.finals:
        defender_left = after.apply(final.defender)
        if defender_left != final.defender:
            stranded += final.probability
        left_a, left_d = _by_type(setup.attacker, final.attacker), _by_type(setup.defender, defender_left)
        lines[(final.ending.value, tuple(left_a.items()), tuple(left_d.items()))] += final.probability
        finals_a.append((final.attacker, final.probability))
        finals_d.append((defender_left, final.probability))
        for name, count in left_a.items():
            survivors_a[name] += count * final.probability
        for name, count in left_d.items():
            survivors_d[name] += count * final.probability
        lost_a += final.probability * _cost(
            setup.attacker, tuple(a - b for a, b in zip(setup.attacker_counts, final.attacker))
        )
        lost_d += final.probability * _cost(
            setup.defender, tuple(a - b for a, b in zip(setup.defender_counts, defender_left))
        )
        if final.ending is Ending.ATTACKER_WINS and after.can_capture(final.attacker):
            captures += final.probability
    _explain_stranded(trace, rules.stranded_rule, after, stranded)
    attacker_wins, defender_wins, both = outcome.ending_probabilities()
    trace.add(
        rules.method_rule,
        "exact outcome over {states} battle states (Markov chain, self-loops eliminated; the least likely states and "
        "far tails dropped, at most {threshold:g} in all: {pruned:.3g} of the probability)",
        states=outcome.states,
        threshold=setup.prune_below,
        pruned=outcome.pruned,
    )
    if by_round:
        _explain_rounds(trace, rules.method_rule, outcome)
    ordered = sorted(lines.items(), key=lambda item: -item[1])
    distributions_a, totals_a = _distributions(setup.attacker, setup.attacker_counts, finals_a)
    distributions_d, totals_d = _distributions(setup.defender, setup.defender_counts, finals_d)
    return BattleResult(
        game=scenario.game.value,
        method=scenario.method.value,
        attacker_wins=attacker_wins,
        defender_wins=defender_wins,
        both_destroyed=both,
        attacker_retreats=outcome.probability(Ending.ATTACKER_RETREATED),
        undecided=outcome.probability(Ending.UNDECIDED),
        attacker_captures=captures if after.land_battle else None,
        expected_attacker_survivors=survivors_a,
        expected_defender_survivors=survivors_d,
        expected_attacker_loss_cost=lost_a if costs_known else None,
        expected_defender_loss_cost=lost_d if costs_known else None,
        expected_rounds=outcome.expected_rounds,
        outcomes=tuple(
            OutcomeLine(ending, {n: c for n, c in a if c}, {n: c for n, c in d if c}, p)
            for (ending, a, d), p in ordered
        ),
        attacker_survivors=distributions_a,
        defender_survivors=distributions_d,
        attacker_survivor_totals=totals_a,
        defender_survivor_totals=totals_d,
        attacker_profile=_profiles(setup.attacker, setup.attacker_counts, costs_known),
        defender_profile=_profiles(setup.defender, setup.defender_counts, costs_known),
        pruned_probability=outcome.pruned,
        states=outcome.states,
        monte_carlo_runs=None,
        standard_errors=None,
        by_round=_round_lines(setup, after, outcome.by_round, costs_known),
        trace=trace.build(),
    )


def evaluate_battle_first(scenario: BattleScenario) -> BattleResult:
    """The ``battle`` calculator without the rounds: the answer a page shows while they are computed.

    The rounds of the exact odds wait for the next :func:`evaluate_battle` of the same scenario, which then
    plays them without solving the odds again (:func:`_solved`).
    """
    return evaluate_battle(scenario, by_round=False)


_WAITING: list[tuple[BattleScenario, RoundsToCome]] = []
"""The rounds of the last first answer (:func:`evaluate_battle_first`) with its scenario: at most one, kept only
until the next evaluation, which takes them if it asks for the rounds of the same scenario."""


def _solved(scenario: BattleScenario, setup: BattleSetup, by_round: bool) -> ExactOutcome:
    """The exact outcome of ``setup``; with ``by_round`` its rounds too, from the odds a first answer of the same
    scenario left waiting where there is one (the same numbers: the rounds' pass follows the same solve)."""
    waiting = _WAITING.pop() if _WAITING else None
    if by_round and waiting is not None and waiting[0] == scenario:
        return waiting[1].played()
    # A wait not taken is let go before the solve, so that two solves' memory is never held at once.
    del waiting
    if by_round:
        return solve_exact(setup, by_round=True)
    odds, rounds = solve_exact_first(setup)
    if rounds is not None:
        _WAITING.append((scenario, rounds))
    return odds


def _explain_rounds(trace: TraceBuilder, rule: str, outcome: ExactOutcome) -> None:
    trace.add(
        rule,
        N_plural(
            "round by round: the battle played forward for {count} round, after which it is still on with a chance "
            "of {left:.3g} ({dropped:.3g} of the probability dropped)",
            "round by round: the battle played forward for {count} rounds, after which it is still on with a chance "
            "of {left:.3g} ({dropped:.3g} of the probability dropped)",
        ),
        count=max(len(outcome.by_round) - 1, 0),
        left=outcome.by_round[-1].still_on,
        dropped=outcome.by_round_dropped,
    )


def _monte_carlo(
    scenario: BattleScenario,
    setup: BattleSetup,
    after: AfterBattle,
    method_rule: str,
    costs_known: bool,
    trace: TraceBuilder,
    by_round: bool,
) -> BattleResult:
    """The battle fought ``scenario.runs`` times with its seed: the endings' shares with their standard errors."""
    sampled = simulate(setup, random.Random(scenario.seed), scenario.runs, by_round=by_round)
    attacker_wins, defender_wins, both = sampled.ending_probabilities()
    retreats = sampled.counts.get(Ending.ATTACKER_RETREATED, 0) / sampled.runs
    undecided = sampled.counts.get(Ending.UNDECIDED, 0) / sampled.runs
    trace.add(
        method_rule,
        "Monte Carlo: {runs} battles fought with seed {seed}; each figure has a standard error of at most {error:.4f}",
        runs=scenario.runs,
        seed=scenario.seed,
        error=0.5 / math.sqrt(scenario.runs),
    )
    return BattleResult(
        scenario.game.value,
        scenario.method.value,
        attacker_wins,
        defender_wins,
        both,
        retreats,
        undecided,
        None,
        {},
        {},
        None,
        None,
        None,
        (),
        {},
        {},
        (),
        (),
        _profiles(setup.attacker, setup.attacker_counts, costs_known),
        _profiles(setup.defender, setup.defender_counts, costs_known),
        0.0,
        0,
        sampled.runs,
        {
            "attacker_wins": sampled.standard_error(attacker_wins),
            "defender_wins": sampled.standard_error(defender_wins),
            "both_destroyed": sampled.standard_error(both),
        },
        _round_lines(setup, after, sampled.by_round, costs_known),
        trace.build(),
    )


def _named(names: list[str], counts: tuple[int, ...]) -> dict[str, int]:
    return {name: count for name, count in zip(names, counts) if count}


def evaluate_replay(scenario: ReplayScenario) -> ReplayResult:
    """The ``battle-replay`` calculator."""
    trace = TraceBuilder()
    rules = rules_for(scenario.game)
    setup, after = rules.prepare(scenario, trace)
    costs_known = rules.costs_known
    rounds = [
        RoundRolls(
            r.attacker,
            r.defender,
            None,
            None,
            r.attacker_casualties,
            r.defender_casualties,
            r.defender_first_strike_casualties,
            f"rounds.{i}",
        )
        for i, r in enumerate(scenario.rounds)
    ]
    opening = None
    if scenario.opening is not None:
        opening = RoundRolls(scenario.opening.attacker, scenario.opening.defender, path="opening")
    try:
        records = replay(setup, rounds, opening)
    except ScenarioError as error:
        raise InvalidScenario([error]) from None
    names_a = [unit.name for unit in setup.attacker]
    names_d = [unit.name for unit in setup.defender]
    last = records[-1]
    attacker_left = tuple(last.attacker.get(n, 0) + last.attacker_withdrawn.get(n, 0) for n in names_a)
    defender_in = tuple(last.defender.get(n, 0) + last.defender_withdrawn.get(n, 0) for n in names_d)
    defender_left = after.apply(defender_in) if last.ending is not None else defender_in
    _explain_stranded(trace, rules.stranded_rule, after, 1.0 if defender_left != defender_in else 0.0)
    for record in records:
        for volley in record.volleys:
            rolled = MessageList(
                tuple(
                    message("{unit} {rolls}", unit=name, rolls=str(list(rolls))) for name, rolls in volley.rolls.items()
                )
            )
            trace.add(
                rules.step_rule(volley.step),
                N_plural(
                    "{label}, {side} {step} fire: {rolled} → {hits} hit; removed: {removed}",
                    "{label}, {side} {step} fire: {rolled} → {hits} hits; removed: {removed}",
                    count="hits",
                ),
                label=_round_label(record.round),
                side=SIDE_WORDS.get(volley.side, volley.side),
                step=STEP_WORDS.get(volley.step, volley.step),
                rolled=rolled if rolled.items else message("no dice"),
                hits=volley.hits,
                removed=_unit_counts(volley.casualties) or message("nothing"),
            )
    return ReplayResult(
        game=scenario.game.value,
        rounds=records,
        ending=last.ending.value if last.ending is not None else None,
        attacker=_named(names_a, attacker_left),
        defender=_named(names_d, defender_left),
        attacker_losses=_named(names_a, tuple(a - b for a, b in zip(setup.attacker_counts, attacker_left))),
        defender_losses=_named(names_d, tuple(a - b for a, b in zip(setup.defender_counts, defender_left))),
        attacker_profile=_profiles(setup.attacker, setup.attacker_counts, costs_known),
        defender_profile=_profiles(setup.defender, setup.defender_counts, costs_known),
        by_round=_round_lines(setup, after, _replayed_rounds(setup, records), costs_known),
        trace=trace.build(),
    )


def _replayed_rounds(setup: BattleSetup, records: tuple[RoundRecord, ...]) -> tuple[RoundOdds, ...]:
    """The replayed rounds as the odds give them: the battle on with certainty until the round that ended it."""
    rows = []
    for record in records:
        attacker = tuple(
            record.attacker.get(u.name, 0) + record.attacker_withdrawn.get(u.name, 0) for u in setup.attacker
        )
        defender = tuple(
            record.defender.get(u.name, 0) + record.defender_withdrawn.get(u.name, 0) for u in setup.defender
        )
        if record.ending is None:
            rows.append(RoundOdds(record.round, 1.0, tuple(map(float, attacker)), tuple(map(float, defender)), ()))
        else:
            zero_a, zero_d = (0.0,) * len(attacker), (0.0,) * len(defender)
            rows.append(
                RoundOdds(record.round, 0.0, zero_a, zero_d, (FinalState(record.ending, attacker, defender, 1.0),))
            )
    return tuple(rows)


CALCULATORS = (
    Calculator(
        name="battle",
        label=N_("Battle odds"),
        title=(
            "Odds of a dice battle: who wins, who survives, expected losses (exact Markov chain or seeded Monte Carlo)"
        ),
        scenario=BattleScenario,
        evaluate=evaluate_battle,
        games=tuple(game.value for game in Game),
        picture=render_battle_svg,
        first=evaluate_battle_first,
    ),
    Calculator(
        name="battle-replay",
        label=N_("Battle replay"),
        title="Replay a dice battle from the rolls actually made: hits and casualties round by round",
        scenario=ReplayScenario,
        evaluate=evaluate_replay,
        games=tuple(game.value for game in Game),
    ),
)
