"""The ``battle`` and ``battle-replay`` scenarios, and what a game must tell the dice-battle engine.

A scenario names the ``game`` whose combat rules apply (``axis-and-allies-2e``, source
``003_…``; ``strategic-europe``, source ``000_…``), the two sides (unit counts,
technologies, loss order …) and the policies (retreat after round N or below K units,
round limit). One format serves both games, so a worked example of either reads the
same way; the fields of one game are refused for the other by that game's
:class:`GameRules` (``problems``), which the game's package exports as ``BATTLE_RULES``
(:class:`BattleGamePackage`) and :func:`rules_for` finds through the registry — this package imports no game.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ClassVar, Protocol, cast

from adjudicator.battle import words
from adjudicator.battle.engine import AfterBattle, BattleSetup, loss_count_openings
from adjudicator.battle.words import in_game
from adjudicator.checks import check_count, collect_problems, raise_problems
from adjudicator.errors import ScenarioError
from adjudicator.limits import (
    BATTLE_ROUND_LIMIT,
    EXACT_BATTLE_UNIT_TYPES_PER_SIDE,
    EXACT_BATTLE_UNITS_PER_SIDE,
    EXACT_LOSS_COUNT_UNITS_PER_SIDE,
    MONTE_CARLO_BATTLE_UNITS_PER_SIDE,
    MONTE_CARLO_RUNS,
    MONTE_CARLO_UNIT_RUNS,
    REPLAY_ROUNDS,
    check_at_most,
)
from adjudicator.meaning import Choice, Kind, means
from adjudicator.messages import N_, message
from adjudicator.trace import TraceBuilder

__all__ = [
    "BattleGamePackage",
    "BattleKind",
    "BattleScenario",
    "BattleSide",
    "Game",
    "GameRules",
    "Method",
    "ReplayRound",
    "ReplayScenario",
    "RollTwice",
    "SpecialTurn",
    "rules_for",
]


class GameRules(Protocol):
    """What a game tells the dice-battle engine: its checks, its battle set-up, the entries to cite."""

    @property
    def costs_known(self) -> bool:
        """Whether the source gives unit costs, so expected losses can be priced."""
        ...

    @property
    def method_rule(self) -> str:
        """The entry cited by the step that says how the odds were computed."""
        ...

    @property
    def stranded_rule(self) -> str | None:
        """The entry that loses the defender's fighters when their carriers sink (``None``: no such rule)."""
        ...

    def problems(self, scenario: BattleScenario) -> list[ScenarioError]:
        """Every field of ``scenario`` that this game's rules refuse (empty when none)."""
        ...

    def prepare(self, scenario: BattleScenario, trace: TraceBuilder) -> tuple[BattleSetup, AfterBattle]:
        """The battle set up by the game's rules, each rule recorded in ``trace``."""
        ...

    def step_rule(self, step: str) -> str:
        """The entry a replayed volley of ``step`` (``main``, ``anti-aircraft``, ``support`` …) cites."""
        ...

    def unit_types(self) -> tuple[Choice, ...]:
        """The unit types a side can field, in the game's order, with their printed values if it prints them."""
        ...

    def technologies(self) -> tuple[Choice, ...]:
        """The technologies a side can have (empty when the game has none)."""
        ...

    def nations(self) -> tuple[Choice, ...]:
        """The countries a side can be (empty when the game does not ask)."""
        ...


class BattleGamePackage(Protocol):
    """What the package of a game of :class:`Game` exports besides a game package's calculators and id.

    mypy checks each such package against it (``tests/adjudicator/test_registry.py``).
    """

    @property
    def BATTLE_RULES(self) -> GameRules:
        """The game's combat rules, which the engine asks."""
        ...


def rules_for(game: Game) -> GameRules:
    """The combat rules of ``game``: the ``BATTLE_RULES`` of the package whose ``GAME`` it is."""
    # Imported here: the registry walks the game packages, which import this module.
    from adjudicator.registry import game_package

    # A game of Game is one whose package is a BattleGamePackage (checked by mypy in the tests).
    package = cast(BattleGamePackage, game_package(game.value))
    return package.BATTLE_RULES


class Game(enum.Enum):
    """The games whose dice battles the calculators know."""

    AXIS_AND_ALLIES_2E = "axis-and-allies-2e"
    STRATEGIC_EUROPE = "strategic-europe"


_AA = (Game.AXIS_AND_ALLIES_2E.value,)
_SE = (Game.STRATEGIC_EUROPE.value,)


def _per_game(what: str) -> dict[str, tuple[Choice, ...]]:
    """Each game's choices of one kind (``unit_types``, ``technologies``, ``nations``), by game id, for the forms."""
    found: dict[str, tuple[Choice, ...]] = {}
    for game in Game:
        rules = rules_for(game)
        choices: tuple[Choice, ...] = {
            "unit_types": rules.unit_types,
            "technologies": rules.technologies,
            "nations": rules.nations,
        }[what]()
        if choices:
            found[game.value] = choices
    return found


class BattleKind(enum.Enum):
    """Axis & Allies: where the battle is fought."""

    LAND = "land"
    SEA = "sea"
    AMPHIBIOUS = "amphibious"
    """A land battle whose attackers landed from the sea, with battleships' support shot."""


class Method(enum.Enum):
    """How the ``battle`` calculator finds the odds."""

    EXACT = "exact"
    MONTE_CARLO = "monte-carlo"


class SpecialTurn(enum.Enum):
    """Strategic game: the turns in which a side rolls twice (``se.soviet-german``)."""

    NONE = "none"
    DECLARATION_OF_WAR_ON_USSR = "declaration-of-war-on-ussr"
    """The turn in which Germany declares war on the Soviet Union."""
    FIRST_WINTER = "first-winter"
    """The winter turn of the year in which the Soviet Union was attacked."""


class RollTwice(enum.Enum):
    """Strategic game: the two readings of "may roll twice for the result" (see ``se.soviet-german`` notes)."""

    REROLL = "reroll"
    """Each die is rolled twice and hits if either roll does."""
    TWO_DICE = "two-dice"
    """Each unit rolls two dice, each of which can hit."""


def _check_round(path: str, value: int | None) -> None:
    if value is not None and value < 1:
        raise ScenarioError(path, "must be a round number of 1 or more", value)


@dataclass(frozen=True)
class BattleSide:
    """One side of a battle."""

    units: dict[str, int] = field(metadata=means(Kind.UNIT_COUNTS, choices=lambda: _per_game("unit_types")))
    """The side's units: how many of each unit type."""
    technologies: tuple[str, ...] = field(
        default=(), metadata=means(Kind.CHOICE_SET, choices=lambda: _per_game("technologies"), games=_AA)
    )
    """Axis & Allies weapons developments the side has (heavy bombers, jet power, super submarines …)."""
    loss_order: tuple[str, ...] = field(
        default=(), metadata=means(Kind.UNIT_ORDER, choices=lambda: _per_game("unit_types"))
    )
    """Unit types in the order they are taken as casualties; unlisted types follow in the default order."""
    values: dict[str, int] = field(
        default_factory=dict,
        metadata=means(Kind.UNIT_COUNTS, choices=lambda: _per_game("unit_types"), games=_SE),
    )
    """Strategic game: attack value (TÉ) for the attacker, defence value (VÉ) for the defender, per unit type."""
    nation: str | None = field(
        default=None, metadata=means(Kind.CHOICE, choices=lambda: _per_game("nations"), games=_SE)
    )
    """Strategic game: the side's country (``germany``, ``ussr``, ``england`` …)."""
    submerge_after_round: int | None = field(default=None, metadata=means(games=_AA))
    """Axis & Allies sea battle: the side's submarines submerge after this round."""
    keep_land_units: int = field(default=0, metadata=means(games=_AA))
    """Axis & Allies land battle: the side takes its last N land units of the loss order as its very last
    casualties, after every other unit (aircraft included), e.g. 1 to keep an infantry or armor alive to take
    the territory."""
    casualty_order: tuple[str, ...] = field(default=(), metadata=means(games=_AA, expert=True))
    """Axis & Allies: every unit of the side that can be hit, one entry per unit, in the order they are taken as
    casualties (infantry, infantry, fighter, armor …); replaces the loss order."""

    def __post_init__(self) -> None:
        raise_problems(
            collect_problems(
                *(
                    lambda name=name, count=count: check_count(f"units.{name}", count)
                    for name, count in self.units.items()
                ),
                lambda: _check_round("submerge_after_round", self.submerge_after_round),
                self._check_loss_order,
                lambda: check_count("keep_land_units", self.keep_land_units),
                self._check_casualty_order,
            )
        )

    @property
    def unit_count(self) -> int:
        """How many units the side has, of every type."""
        return sum(count for count in self.units.values() if count > 0)

    @property
    def unit_type_count(self) -> int:
        """How many unit types the side has one unit of or more."""
        return sum(1 for count in self.units.values() if count > 0)

    def _check_loss_order(self) -> None:
        if len(set(self.loss_order)) != len(self.loss_order):
            raise ScenarioError("loss_order", "must name each unit type once", list(self.loss_order))

    def _check_casualty_order(self) -> None:
        if self.casualty_order and (self.loss_order or self.keep_land_units):
            raise ScenarioError(
                "casualty_order",
                "gives the whole order unit by unit: leave loss_order and keep_land_units out",
                list(self.casualty_order),
            )


@dataclass(frozen=True)
class BattleScenario:
    """A battle to evaluate; fields that do not apply to the game must keep their defaults."""

    game: Game = field(metadata=means(Kind.GAME))
    """``axis-and-allies-2e`` or ``strategic-europe``: whose combat rules apply."""
    attacker: BattleSide
    """The attacking side's units and options."""
    defender: BattleSide
    """The defending side's units and options."""
    kind: BattleKind = field(default=BattleKind.LAND, metadata=means(games=_AA))
    """Axis & Allies: land, sea or amphibious battle."""
    sea_battle_first: bool = field(default=False, metadata=means(games=_AA))
    """Axis & Allies amphibious assault: the attacking ships fought a sea battle first."""
    bombardment_casualties_fire_back: bool = field(default=True, metadata=means(games=_AA, expert=True))
    """Axis & Allies: units hit by the battleships' support shot still fire in round 1 (a base-rule assumption)."""
    friendly_island: bool = field(default=False, metadata=means(games=_AA))
    """Axis & Allies sea battle: the defender's fighters can land on a friendly island in the zone."""
    defence_modifier: int = field(default=0, metadata=means(games=_SE))
    """Strategic game: the defence modifier behind a river or coast, added to defending ground units' VÉ."""
    special_turn: SpecialTurn = field(default=SpecialTurn.NONE, metadata=means(games=_SE))
    """Strategic game: the turn of the declaration of war on the USSR or the first winter, when one side rolls twice."""
    roll_twice: RollTwice = field(default=RollTwice.REROLL, metadata=means(games=_SE, expert=True))
    """Strategic game: how rolling twice is read: ``reroll`` each die, or ``two-dice`` per unit."""
    retreat_after_round: int | None = None
    """The attacker retreats after this round if the battle is still on."""
    retreat_below: int | None = None
    """The attacker retreats after a round that leaves it with fewer units than this."""
    round_limit: int | None = field(default=None, metadata=means(expert=True))
    """The battle stops, undecided, after this round."""
    method: Method = field(default=Method.EXACT, metadata=means(expert=True))
    """``exact`` odds over every outcome, or ``monte-carlo`` simulated battles."""
    runs: int = field(default=10_000, metadata=means(expert=True))
    """Monte Carlo: number of simulated battles."""
    seed: int = field(default=0, metadata=means(expert=True))
    """Monte Carlo: seed of the random number generator."""
    prune_below: float = field(default=1e-12, metadata=means(expert=True))
    """Exact method: the most probability dropped in all, states and far tails of the hit distributions together;
    the dropped mass is reported."""

    def __post_init__(self) -> None:
        # Every problem at once; on a partial scenario (a side that failed) the checks that read it are skipped.
        raise_problems(
            collect_problems(
                lambda: _check_round("retreat_after_round", self.retreat_after_round),
                lambda: _check_round("round_limit", self.round_limit),
                self._check_counts,
                lambda: raise_problems(self._limit_problems()),
                lambda: raise_problems(rules_for(self.game).problems(self)),
            )
        )
        if self._odds and self.method is Method.EXACT:
            raise_problems(self._exact_cost_problems())

    _odds: ClassVar[bool] = True
    """Whether the scenario asks for the odds (exact or Monte Carlo), whose cost grows with its sizes."""

    def _limit_problems(self) -> list[ScenarioError]:
        """Every field past a limit of :mod:`adjudicator.limits`, each saying what to lower."""
        checks: list[Callable[[], object]] = [
            lambda: check_at_most(
                "round_limit", self.round_limit or 0, BATTLE_ROUND_LIMIT, N_("name an earlier round")
            ),
            lambda: check_at_most(
                "retreat_after_round", self.retreat_after_round or 0, BATTLE_ROUND_LIMIT, N_("name an earlier round")
            ),
        ]
        for label in ("attacker", "defender"):
            checks.append(functools.partial(self._check_submerge, label))
            if self._odds:
                checks.append(functools.partial(self._check_side_size, label))
        if self._odds and self.method is Method.MONTE_CARLO:
            checks.append(lambda: check_at_most("runs", self.runs, MONTE_CARLO_RUNS, N_("ask for fewer runs")))
            checks.append(self._check_monte_carlo_work)
        return collect_problems(*checks)

    def _check_submerge(self, label: str) -> None:
        side = getattr(self, label)
        check_at_most(
            f"{label}.submerge_after_round",
            side.submerge_after_round or 0,
            BATTLE_ROUND_LIMIT,
            N_("name an earlier round"),
        )

    def _check_side_size(self, label: str) -> None:
        side = getattr(self, label)
        total = side.unit_count
        game = self.game.value
        exact_odds_follow = in_game(game, words.EXACT_ODDS_FOLLOW)
        if self.method is Method.EXACT:
            check_at_most(
                f"{label}.units",
                total,
                EXACT_LOSS_COUNT_UNITS_PER_SIDE,
                message(exact_odds_follow, limit=MONTE_CARLO_BATTLE_UNITS_PER_SIDE),
                in_game(game, words.UNITS),
            )
            check_at_most(
                f"{label}.units",
                side.unit_type_count,
                EXACT_BATTLE_UNIT_TYPES_PER_SIDE,
                in_game(game, words.EXACT_UNIT_TYPES),
                in_game(game, words.UNIT_TYPES),
            )
        else:
            check_at_most(
                f"{label}.units",
                total,
                MONTE_CARLO_BATTLE_UNITS_PER_SIDE,
                in_game(game, words.EACH_ROUND_ROLLS),
                in_game(game, words.UNITS),
            )

    def _exact_cost_problems(self) -> list[ScenarioError]:
        """Each side past :data:`~adjudicator.limits.EXACT_BATTLE_UNITS_PER_SIDE` where the exact odds of the battle
        as the game sets it up are not on loss counts, or its openings times the units of both sides are past
        :data:`~adjudicator.limits.EXACT_LOSS_COUNT_UNITS_PER_SIDE` squared.

        Checked once every other field is right: it sets the battle up (:meth:`GameRules.prepare`).
        """
        sizes = {"attacker": self.attacker.unit_count, "defender": self.defender.unit_count}
        if max(sizes.values()) <= EXACT_BATTLE_UNITS_PER_SIDE:
            return []
        setup, _ = rules_for(self.game).prepare(self, TraceBuilder())
        openings = loss_count_openings(setup)
        work = sizes["attacker"] * sizes["defender"]
        if openings is not None and openings * work <= EXACT_LOSS_COUNT_UNITS_PER_SIDE**2:
            return []
        game = self.game.value
        units = in_game(game, words.UNITS)
        exact_odds_follow = in_game(game, words.EXACT_ODDS_FOLLOW_COMPOSITIONS)
        lower = message(
            exact_odds_follow,
            limit=MONTE_CARLO_BATTLE_UNITS_PER_SIDE,
            loss_limit=EXACT_LOSS_COUNT_UNITS_PER_SIDE,
        )
        return collect_problems(
            *(
                functools.partial(check_at_most, f"{label}.units", size, EXACT_BATTLE_UNITS_PER_SIDE, lower, units)
                for label, size in sizes.items()
            )
        )

    def _check_monte_carlo_work(self) -> None:
        units = self.attacker.unit_count + self.defender.unit_count
        if self.runs * units > MONTE_CARLO_UNIT_RUNS:
            too_much = in_game(self.game.value, words.MONTE_CARLO_WORK)
            raise ScenarioError(
                "runs",
                too_much,
                self.runs,
                units=units,
                limit=MONTE_CARLO_UNIT_RUNS,
                runs=max(1, MONTE_CARLO_UNIT_RUNS // units),
            )

    def _check_counts(self) -> None:
        raise_problems(
            [
                ScenarioError(path, expected, value)
                for path, expected, value, wrong in (
                    (
                        "retreat_below",
                        N_("must be a number of units of 1 or more"),
                        self.retreat_below,
                        self.retreat_below is not None and self.retreat_below < 1,
                    ),
                    ("runs", N_("must be 1 or more"), self.runs, self.runs < 1),
                    ("prune_below", N_("must be from 0 to 0.001"), self.prune_below, not 0 <= self.prune_below < 1e-3),
                )
                if wrong
            ]
        )


@dataclass(frozen=True)
class ReplayRound:
    """The dice rolled in one round, by side and unit type (and casualties where the owner's choice is known)."""

    attacker: dict[str, tuple[int, ...]] = field(default_factory=dict)
    """The attacker's die rolls by unit type, e.g. 1 and 4 for its two infantry."""
    defender: dict[str, tuple[int, ...]] = field(default_factory=dict)
    """The defender's die rolls by unit type."""
    attacker_casualties: dict[str, int] | None = None
    """The attacker's units removed by the defender's fire, when the owner's choice is known."""
    defender_casualties: dict[str, int] | None = None
    """The defender's units removed by the attacker's main fire, when the owner's choice is known."""
    defender_first_strike_casualties: dict[str, int] | None = None
    """The defender's units sunk by the attacking submarines' first strike, when the choice is known."""


@dataclass(frozen=True)
class ReplayScenario(BattleScenario):
    """A battle and the dice actually rolled;
    ``opening`` holds anti-aircraft (defender) and support (attacker) rolls.
    """

    rounds: tuple[ReplayRound, ...] = ()
    """The combat rounds in order, with the dice each side rolled."""
    opening: ReplayRound | None = None
    """Before round 1: the defender's anti-aircraft rolls and the attacker's battleship support rolls."""

    _odds: ClassVar[bool] = False

    def __post_init__(self) -> None:
        # Every problem at once: the battle's own, the rounds', and the policies a replay does not take.
        raise_problems(
            collect_problems(
                super().__post_init__,
                lambda: check_at_most("rounds", len(self.rounds), REPLAY_ROUNDS, N_("replay fewer rounds")),
                functools.partial(self._check_no_policy, "attacker"),
                functools.partial(self._check_no_policy, "defender"),
                self._check_some_rolls,
            )
        )

    def _check_no_policy(self, label: str) -> None:
        side = getattr(self, label)
        raise_problems(
            [
                ScenarioError(
                    f"{label}.{name}",
                    "a replay takes the casualties the owner chose: give them per round (attacker_casualties, "
                    "defender_casualties) instead",
                    getattr(side, name),
                )
                for name in ("keep_land_units", "casualty_order")
                if getattr(side, name)
            ]
        )

    def _check_some_rolls(self) -> None:
        if not self.rounds and self.opening is None:
            raise ScenarioError("rounds", "must give the rolls of at least one round")
