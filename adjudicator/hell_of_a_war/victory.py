"""Hell of a War: the victory phase — which lands are won, the occupation force, and who wins the game.

Game ``hell-of-a-war``, source ``001_6dfd36dc833f0c3c.txt`` (the German FAQ of
30 November 2012). Rules implemented, each step of the trace citing its entry:

- ``how.siegphase`` — a land is won when one's own *unlocked* victory flags
  equal or exceed the land card's flags plus the opponent's unlocked flags, AND
  an occupation force can be left under the land card: the conqueror's cards
  in the land whose flags reach at least half the land's flags rounded up, as
  exactly as possible and with no card more than needed; every other card goes
  back, locked, to its owner's deployment zone; the game is won with 15 victory
  points of conquered lands;
- ``how.siegfahnen`` — flags on units and land upgrades count, the opponents'
  flags are set against them;
- ``how.besatzungsmacht-faehigkeit`` — the occupation force; the conqueror's land
  upgrades stay in the land, the opponent's go to his scrapyard;
- ``how.landausbaukarten`` — the flags of land upgrades count towards the
  occupation force;
- ``how.besatzungsmacht-basisausbau`` — the occupation flags of the
  Besatzungsmacht base building are not victory flags: they count only for the
  occupation force;
- ``how.multiplayer-spiel.gerade-spieleranzahl`` — teams: the team's flags
  together, an occupation force mixed from the team, 21 victory points to win;
- ``how.multiplayer-spiel.ungerade-spieleranzahl`` — three players (unofficial,
  forum rules): only the strongest opponent's flags are subtracted (12 − 4 ≥ 8),
  or, in the variant, both opponents' flags together (Ukraine against 5 + 5
  flags needs 20); 15 victory points to win;
- ``how.multiplayer-spiel.global-domination`` — usually 30 victory points (20 or
  15 by agreement).

"Half the land's flags" is read as half the flags printed on the land card
(the entry's note records the other reading, half of all flags needed to win;
:attr:`VictoryScenario.occupation_basis` selects it). The occupation force is
found by a subset-sum over the conqueror's flagged cards in the land:
O(cards × flags) per land.

>>> land = Land("Ukraine", flags=10, victory_points=5, forces={
...     "A": Force((FlagCard("Panzer IV", 6), FlagCard("Infanterie", 3), FlagCard("Stuka", 2))),
...     "B": Force((FlagCard("T-34", 1),)),
... })
>>> result = evaluate_victory(VictoryScenario(players=(Player("A"), Player("B")), lands=(land,)))
>>> result.lands[0].winner, result.lands[0].occupation_force, result.lands[0].occupation_flags
('A', ('Infanterie', 'Stuka'), 5)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import Enum
from typing import ClassVar

from adjudicator.checks import collect_problems, raise_problems
from adjudicator.errors import ScenarioError
from adjudicator.hell_of_a_war.vocabulary import check_at_least, check_named
from adjudicator.limits import SCENARIO_CARDS, VICTORY_FLAGS, SizeLimit
from adjudicator.meaning import means
from adjudicator.messages import N_, Message, N_plural, Summarized, message
from adjudicator.plain import InvalidScenario, PlainHooks
from adjudicator.registry import Calculator
from adjudicator.trace import Trace, TraceBuilder

__all__ = [
    "CALCULATORS",
    "FlagCard",
    "Force",
    "Land",
    "LandOutcome",
    "OccupationBasis",
    "Player",
    "VictoryMode",
    "VictoryResult",
    "VictoryScenario",
    "choose_occupation_force",
    "evaluate_victory",
]

VICTORY_PHASE = "how.siegphase"
FLAGS = "how.siegfahnen"
OCCUPATION = "how.besatzungsmacht-faehigkeit"
OCCUPATION_BUILDING = "how.besatzungsmacht-basisausbau"
LAND_UPGRADES = "how.landausbaukarten"
TEAMS = "how.multiplayer-spiel.gerade-spieleranzahl"
THREE_PLAYERS = "how.multiplayer-spiel.ungerade-spieleranzahl"
GLOBAL_DOMINATION = "how.multiplayer-spiel.global-domination"


class VictoryMode(Enum):
    """How flags are set against each other, and how many players there are."""

    TWO_PLAYER = "two-player"
    """The normal game (``how.siegphase``): own flags ≥ land flags + the opponent's."""
    TEAMS = "teams"
    """Even number of players in two teams (``how.multiplayer-spiel.gerade-spieleranzahl``)."""
    THREE_PLAYER = "three-player"
    """Three players, each for himself: only the strongest opponent's flags count against the leader."""
    THREE_PLAYER_COMBINED = "three-player-combined"
    """Three players, variant: both opponents' flags count together."""


MODE_WORDS = {
    VictoryMode.TWO_PLAYER: N_("two-player"),
    VictoryMode.TEAMS: N_("team"),
    VictoryMode.THREE_PLAYER: N_("three-player"),
    VictoryMode.THREE_PLAYER_COMBINED: N_("three-player (opponents' flags combined)"),
}
"""Each mode as a catalog word, for the trace ("the two-player game")."""


VICTORY_POINTS_TO_WIN = {
    VictoryMode.TWO_PLAYER: (15, VICTORY_PHASE),
    VictoryMode.TEAMS: (21, TEAMS),
    VictoryMode.THREE_PLAYER: (15, THREE_PLAYERS),
    VictoryMode.THREE_PLAYER_COMBINED: (15, THREE_PLAYERS),
}
"""Victory points that win the game in each mode, and the entry that says so."""
GLOBAL_DOMINATION_POINTS = 30
"""What Global Domination is usually played to."""


class OccupationBasis(Enum):
    """What "half the land's flags" is half of (the entry's note records both readings)."""

    PRINTED = "printed"
    """The flags printed on the land card (default)."""
    REQUIRED = "required"
    """All the flags needed to win it: the land card's plus the counted opposing flags."""


@dataclass(frozen=True)
class Player:
    name: str
    """The player's name, different from every other player's."""
    team: str | None = None
    """The team (Axis or Allies side of the table) in the team game."""
    victory_points: int = 0
    """Victory points of lands conquered before this victory phase."""

    def __post_init__(self) -> None:
        raise_problems(
            collect_problems(
                lambda: check_named(self.name, N_("must name the player")),
                lambda: check_at_least("victory_points", self.victory_points),
            )
        )


@dataclass(frozen=True)
class FlagCard:
    """A unit or land upgrade in the land, with the victory flags in its picture."""

    name: str
    """The card's name, unique in the land (number equal cards: 'Panzer IV 2')."""
    flags: int = 0
    """Victory flags in the card's picture."""
    locked: bool = False
    """Locked cards' flags do not count for the conquest."""
    land_upgrade: bool = False
    """A land upgrade: it stays in a land its owner wins, and its flags count for the occupation force."""

    def __post_init__(self) -> None:
        raise_problems(
            collect_problems(
                lambda: check_named(self.name, N_("must name the card")), lambda: check_at_least("flags", self.flags)
            )
        )


@dataclass(frozen=True)
class Force:
    """One player's cards in one land."""

    cards: tuple[FlagCard, ...] = ()
    """The player's unit and land upgrade cards in the land."""
    occupation_flags: int = 0
    """Occupation flags the Besatzungsmacht base building provides for this land (not victory flags)."""

    def __post_init__(self) -> None:
        check_at_least("occupation_flags", self.occupation_flags)


@dataclass(frozen=True)
class Land:
    """A land card in the lands zone and the players' cards in it."""

    name: str
    """The land card's name, unique among the lands."""
    flags: int
    """Victory flags printed on the land card."""
    victory_points: int
    """Victory points the land is worth to whoever wins it."""
    forces: dict[str, Force] = field(default_factory=dict)
    """Each player's cards in the land, by the player's name."""

    def __post_init__(self) -> None:
        raise_problems(
            collect_problems(
                lambda: check_named(self.name, N_("must name the land")),
                self._check_flags,
                lambda: check_at_least("victory_points", self.victory_points),
                self._check_card_names,
            )
        )

    def _check_flags(self) -> None:
        if self.flags < 1:
            raise ScenarioError("flags", "must be the land card's victory flags, 1 or more", self.flags)

    def _check_card_names(self) -> None:
        """Every card in the land by a name of its own, whoever owns it."""
        problems = []
        seen: set[str] = set()
        for owner, force in self.forces.items():
            for index, card in enumerate(force.cards):
                if card.name in seen:
                    problems.append(
                        ScenarioError(
                            f"forces.{owner}.cards.{index}.name",
                            "must be unique in the land (number equal cards: 'Panzer IV 2')",
                            card.name,
                        )
                    )
                seen.add(card.name)
        raise_problems(problems)


@dataclass(frozen=True)
class VictoryScenario(PlainHooks):
    """The lands at the start of a victory phase."""

    size_limits: ClassVar[tuple[SizeLimit, ...]] = (
        SizeLimit("lands", SCENARIO_CARDS, N_("lands"), N_("list fewer lands")),
        SizeLimit("lands.*.flags", VICTORY_FLAGS, N_("flags"), N_("give the flags printed on the card")),
        SizeLimit("lands.*.forces.*.cards", SCENARIO_CARDS, N_("cards"), N_("list fewer cards")),
        SizeLimit(
            "lands.*.forces.*.cards.*.flags", VICTORY_FLAGS, N_("flags"), N_("give the flags in the card's picture")
        ),
        SizeLimit("lands.*.forces.*.occupation_flags", VICTORY_FLAGS, N_("flags"), N_("give fewer occupation flags")),
    )
    """Fields whose cost grows with their size (:mod:`adjudicator.limits`)."""

    players: tuple[Player, ...]
    """The players: two, three, or two teams of equal size, as the mode needs."""
    lands: tuple[Land, ...]
    """The land cards in the lands zone, with the players' cards in each."""
    mode: VictoryMode = VictoryMode.TWO_PLAYER
    """How flags are set against each other: two players, teams, or three players (strongest or combined)."""
    victory_points_to_win: int | None = field(default=None, metadata=means(expert=True))
    """Default: 15, 21 for teams, 30 in a Global Domination game."""
    global_domination: bool = False
    """A Global Domination game, usually played to 30 victory points."""
    occupation_basis: OccupationBasis = field(default=OccupationBasis.PRINTED, metadata=means(expert=True))
    """Reading of "half the land's flags": of the flags printed on the card, or of all the flags needed."""

    def __post_init__(self) -> None:
        problems: list[ScenarioError] = []
        names = [player.name for player in self.players]
        for index, name in enumerate(names):
            if name in names[:index]:
                problems.append(ScenarioError(f"players.{index}.name", "must be unique", name))
        known = set(names)
        needed = {VictoryMode.TWO_PLAYER: 2, VictoryMode.THREE_PLAYER: 3, VictoryMode.THREE_PLAYER_COMBINED: 3}.get(
            self.mode
        )
        if needed is not None and len(self.players) != needed:
            problems.append(
                ScenarioError(
                    "players",
                    N_plural("the {mode} game has {count} player", "the {mode} game has {count} players"),
                    len(self.players),
                    mode=MODE_WORDS[self.mode],
                    count=needed,
                )
            )
        if self.mode is VictoryMode.TEAMS:
            teams: dict[str, int] = {}
            for index, player in enumerate(self.players):
                if player.team is None:
                    problems.append(
                        ScenarioError(f"players.{index}.team", "every player of the team game needs a team", None)
                    )
                else:
                    teams[player.team] = teams.get(player.team, 0) + 1
            if len(teams) != 2 or len(set(teams.values())) != 1:
                problems.append(
                    ScenarioError(
                        "players", "the team game has two teams of equal size (an even number of players)", teams
                    )
                )
        if self.victory_points_to_win is not None and self.victory_points_to_win < 1:
            problems.append(ScenarioError("victory_points_to_win", "must be 1 or more", self.victory_points_to_win))
        land_names: set[str] = set()
        for index, land in enumerate(self.lands):
            if land.name in land_names:
                problems.append(ScenarioError(f"lands.{index}.name", "must be unique", land.name))
            land_names.add(land.name)
            for owner in land.forces:
                if owner not in known:
                    problems.append(
                        ScenarioError(
                            f"lands.{index}.forces.{owner}",
                            "must be a player: {players}",
                            owner,
                            players=", ".join(names),
                        )
                    )
        if problems:
            raise InvalidScenario(problems)


@dataclass(frozen=True)
class LandOutcome:
    """What the victory phase decides for one land."""

    name: str
    flags: dict[str, int]
    """Unlocked victory flags of each party (player, or team in the team game)."""
    leader: str | None
    """The party with the most flags (None when nobody has any)."""
    flags_needed: int | None
    """What the leader needs: the land's flags plus the opposing flags that count."""
    winner: str | None
    occupation_needed: int
    """Occupation flags the winner must leave (half the land's flags, rounded up)."""
    occupation_force: tuple[str, ...]
    """Cards left under the land card: the chosen units, then the winner's land upgrades."""
    occupation_flags: int
    """Flags of the occupation force, occupation flags of the base building included."""
    occupation_choices: int
    """How many selections of units are equally exact (the winner picks one; the first is shown)."""
    withdrawn: tuple[str, ...]
    """Units returned, locked, to their owners' deployment zones."""
    scrapped: tuple[str, ...]
    """The losers' land upgrades, put on their scrapyards."""


@dataclass(frozen=True)
class VictoryResult(Summarized):
    lands: tuple[LandOutcome, ...]
    victory_points: dict[str, int]
    """Each party's victory points after the phase."""
    victory_points_to_win: int
    winners: tuple[str, ...]
    """Parties that have reached the victory points to win (normally none or one)."""
    trace: Trace

    def summary_messages(self) -> list[Message]:
        lines = []
        for land in self.lands:
            if land.winner is None:
                lines.append(message("{land}: not won (flags {flags})", land=land.name, flags=land.flags))
            else:
                lines.append(
                    message(
                        "{land}: won by {winner}; occupation force {force} ({flags} flags)",
                        land=land.name,
                        winner=land.winner,
                        force=", ".join(land.occupation_force),
                        flags=land.occupation_flags,
                    )
                )
        points = ", ".join(f"{party} {vp}" for party, vp in self.victory_points.items())
        lines.append(
            message("Victory points: {points} (need {needed})", points=points, needed=self.victory_points_to_win)
        )
        if self.winners:
            lines.append(message("Game won by: {winners}", winners=", ".join(self.winners)))
        else:
            lines.append(message("The game goes on"))
        return lines


def choose_occupation_force(flags: list[int], needed: int) -> tuple[tuple[int, ...], int, int] | None:
    """The most exact occupation force: indices of the cards, their flags, how many choices are as exact.

    Smallest flag total that reaches ``needed``; among those, fewest cards, then
    the earliest cards. ``None`` if all flags together do not reach it.

    >>> choose_occupation_force([2, 2, 1, 3], 3)
    ((3,), 3, 3)
    >>> choose_occupation_force([2, 2], 3)
    ((0, 1), 4, 1)
    >>> choose_occupation_force([1], 3) is None
    True
    """
    total = sum(flags)
    if total < needed:
        return None
    if needed <= 0:
        return (), 0, 1
    best: list[tuple[int, tuple[int, ...]] | None] = [None] * (total + 1)
    ways = [0] * (total + 1)
    best[0] = (0, ())
    ways[0] = 1
    for index, value in enumerate(flags):
        if value == 0:
            continue
        for reached in range(total - value, -1, -1):
            current = best[reached]
            if current is None:
                continue
            ways[reached + value] += ways[reached]
            candidate = (current[0] + 1, current[1] + (index,))
            old = best[reached + value]
            if old is None or candidate < old:
                best[reached + value] = candidate
    for reached in range(needed, total + 1):
        found = best[reached]
        if found is not None:
            return found[1], reached, ways[reached]
    return None  # unreachable: the full set reaches ``needed``


def _parties(scenario: VictoryScenario) -> dict[str, str]:
    """Player → party: the team in the team game, else the player."""
    if scenario.mode is VictoryMode.TEAMS:
        return {p.name: p.team or p.name for p in scenario.players}
    return {p.name: p.name for p in scenario.players}


def _settle_land(scenario: VictoryScenario, land: Land, party_of: dict[str, str], trace: TraceBuilder) -> LandOutcome:
    parties = list(dict.fromkeys(party_of.values()))
    flags = _count_flags(land, party_of, parties, trace)
    ranked = sorted(parties, key=lambda party: -flags[party])
    leader = ranked[0] if flags[ranked[0]] > 0 else None
    if leader is None:
        trace.add(VICTORY_PHASE, "{land}: nobody has victory flags there, so it is not won", land=land.name)
        return LandOutcome(land.name, flags, None, None, None, 0, (), 0, 0, (), ())
    others = [flags[party] for party in parties if party != leader]
    opposing = _opposing_flags(scenario, leader, others, trace)
    needed = land.flags + opposing
    if flags[leader] < needed:
        trace.add(
            VICTORY_PHASE,
            "{land}: {leader}'s {own} flags do not reach the land's {printed} + the opposing {opposing} = {needed}: "
            "not won",
            land=land.name,
            leader=leader,
            own=flags[leader],
            printed=land.flags,
            opposing=opposing,
            needed=needed,
        )
        return LandOutcome(land.name, flags, leader, needed, None, 0, (), 0, 0, (), ())
    trace.add(
        VICTORY_PHASE,
        "{land}: {leader}'s {own} flags equal or exceed the land's {printed} + the opposing {opposing} = {needed}",
        land=land.name,
        leader=leader,
        own=flags[leader],
        printed=land.flags,
        opposing=opposing,
        needed=needed,
    )
    return _occupy(scenario, land, party_of, flags, leader, needed, trace)


def _count_flags(land: Land, party_of: dict[str, str], parties: list[str], trace: TraceBuilder) -> dict[str, int]:
    """Each party's unlocked victory flags in ``land``."""
    flags = {party: 0 for party in parties}
    for owner, force in land.forces.items():
        counted = sum(card.flags for card in force.cards if not card.locked)
        locked = sum(card.flags for card in force.cards if card.locked)
        flags[party_of[owner]] += counted
        if locked:
            trace.add(
                VICTORY_PHASE,
                "{land}: {owner}'s {locked} flags on locked cards do not count; only unlocked flags do",
                land=land.name,
                owner=owner,
                locked=locked,
            )
        if force.occupation_flags:
            trace.add(
                OCCUPATION_BUILDING,
                "{land}: {owner}'s {count} occupation flags from the Besatzungsmacht base building are not victory "
                "flags",
                land=land.name,
                owner=owner,
                count=force.occupation_flags,
            )
    trace.add(
        FLAGS,
        "{land} ({printed} flags, {vp} VP): unlocked victory flags of units and land upgrades: {flags}",
        land=land.name,
        printed=land.flags,
        vp=land.victory_points,
        flags=", ".join(f"{party} {count}" for party, count in flags.items()),
    )
    return flags


def _opposing_flags(scenario: VictoryScenario, leader: str, others: list[int], trace: TraceBuilder) -> int:
    """The flags opposing the ``leader``: the strongest opponent's with three players, else all the others'."""
    if scenario.mode is VictoryMode.THREE_PLAYER:
        opposing = max(others)
        trace.add(
            THREE_PLAYERS,
            "three players (unofficial rule): only the two parties with the most flags count; the strongest opponent's "
            "{opposing} flags are subtracted from {leader}'s",
            opposing=opposing,
            leader=leader,
        )
    elif scenario.mode is VictoryMode.THREE_PLAYER_COMBINED:
        opposing = sum(others)
        trace.add(
            THREE_PLAYERS,
            "three players, variant (unofficial): {leader} needs flag superiority over both opponents at once: "
            "{others} = {opposing}",
            leader=leader,
            others=" + ".join(str(o) for o in others),
            opposing=opposing,
        )
    else:
        opposing = sum(others)
        if scenario.mode is VictoryMode.TEAMS:
            trace.add(TEAMS, "team game: the flags of each team's players count together")
    return opposing


def _occupy(
    scenario: VictoryScenario,
    land: Land,
    party_of: dict[str, str],
    flags: dict[str, int],
    leader: str,
    needed: int,
    trace: TraceBuilder,
) -> LandOutcome:
    """The land won by ``leader`` if it can leave an occupation force there; the other cards go back."""
    basis = land.flags if scenario.occupation_basis is OccupationBasis.PRINTED else needed
    occupation_needed = math.ceil(basis / 2)
    trace.add(
        OCCUPATION,
        N_("{land}: the occupation force needs at least half of the land card's {basis} flags, rounded up: {count}")
        if scenario.occupation_basis is OccupationBasis.PRINTED
        else N_(
            "{land}: the occupation force needs at least half of all the needed {basis} flags, rounded up: {count}"
        ),
        land=land.name,
        basis=basis,
        count=occupation_needed,
    )
    winners_cards = [
        (owner, card) for owner, force in land.forces.items() if party_of[owner] == leader for card in force.cards
    ]
    upgrades = [card for _, card in winners_cards if card.land_upgrade]
    units = [card for _, card in winners_cards if not card.land_upgrade and card.flags > 0]
    fixed = sum(card.flags for card in upgrades) + sum(
        force.occupation_flags for owner, force in land.forces.items() if party_of[owner] == leader
    )
    if upgrades:
        trace.add(
            LAND_UPGRADES,
            "{land}: {leader}'s land upgrades ({names}) stay in the land and their {count} flags count towards the "
            "occupation force",
            land=land.name,
            leader=leader,
            names=", ".join(card.name for card in upgrades),
            count=sum(card.flags for card in upgrades),
        )
    choice = choose_occupation_force([card.flags for card in units], occupation_needed - fixed)
    if choice is None:
        trace.add(
            VICTORY_PHASE,
            "{land}: {leader} cannot leave an occupation force of {count} flags, so the land is not won",
            land=land.name,
            leader=leader,
            count=occupation_needed,
        )
        return LandOutcome(land.name, flags, leader, needed, None, occupation_needed, (), 0, 0, (), ())
    indices, unit_flags, choices = choice
    chosen = [units[index] for index in indices]
    trace.add(
        OCCUPATION,
        N_(
            "{land}: occupation force as exact as possible, no card more than needed: {cards} ({flags} flags for the "
            "{needed} needed; {choices} selections are equally exact, the fewest cards are shown)"
        )
        if choices > 1
        else N_(
            "{land}: occupation force as exact as possible, no card more than needed: {cards} ({flags} flags for the "
            "{needed} needed)"
        ),
        land=land.name,
        cards=", ".join(card.name for card in chosen) or N_("no unit"),
        flags=unit_flags + fixed,
        needed=occupation_needed,
        choices=choices,
    )
    if scenario.mode is VictoryMode.TEAMS:
        trace.add(TEAMS, "team game: the team agrees which units stay; they may come from all its players")
    staying = {card.name for card in chosen} | {card.name for card in upgrades}
    withdrawn, scrapped = _send_back(land, party_of, leader, staying, trace)
    return LandOutcome(
        land.name,
        flags,
        leader,
        needed,
        leader,
        occupation_needed,
        tuple(card.name for card in chosen) + tuple(card.name for card in upgrades),
        unit_flags + fixed,
        choices,
        withdrawn,
        scrapped,
    )


def _send_back(
    land: Land, party_of: dict[str, str], leader: str, staying: set[str], trace: TraceBuilder
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The cards that do not stay go back to their owners, the losers' land upgrades to their scrapyards."""
    withdrawn = tuple(
        card.name
        for force in land.forces.values()
        for card in force.cards
        if card.name not in staying and not card.land_upgrade
    )
    scrapped = tuple(
        card.name
        for owner, force in land.forces.items()
        if party_of[owner] != leader
        for card in force.cards
        if card.land_upgrade
    )
    trace.add(
        OCCUPATION,
        "{land}: the other cards go back, locked, to their owners' deployment zones ({withdrawn}); the losers' land "
        "upgrades go to their scrapyards ({scrapped}); the land leaves the lands zone with the occupation force",
        land=land.name,
        withdrawn=", ".join(withdrawn) or "none",
        scrapped=", ".join(scrapped) or "none",
    )
    return withdrawn, scrapped


def evaluate_victory(scenario: VictoryScenario) -> VictoryResult:
    """Settle one victory phase: every land, then the victory points."""
    trace = TraceBuilder()
    party_of = _parties(scenario)
    outcomes = tuple(_settle_land(scenario, land, party_of, trace) for land in scenario.lands)
    points = {party: 0 for party in dict.fromkeys(party_of.values())}
    for player in scenario.players:
        points[party_of[player.name]] += player.victory_points
    for land, outcome in zip(scenario.lands, outcomes):
        if outcome.winner is not None:
            points[outcome.winner] += land.victory_points
            trace.add(
                VICTORY_PHASE,
                "{winner} takes {land} with its {vp} victory points (and its victory effects at once)",
                winner=outcome.winner,
                land=land.name,
                vp=land.victory_points,
            )
    if scenario.victory_points_to_win is not None:
        target = scenario.victory_points_to_win
        trace.add(
            GLOBAL_DOMINATION if scenario.global_domination else VICTORY_PHASE,
            "the players agreed to play to {target} victory points",
            target=target,
        )
    elif scenario.global_domination:
        target = GLOBAL_DOMINATION_POINTS
        trace.add(GLOBAL_DOMINATION, "Global Domination is usually played to {target} victory points", target=target)
    else:
        target, rule = VICTORY_POINTS_TO_WIN[scenario.mode]
        trace.add(
            rule, "the {mode} game is won with {target} victory points", mode=MODE_WORDS[scenario.mode], target=target
        )
    winners = tuple(party for party, vp in points.items() if vp >= target)
    trace.add(
        VICTORY_PHASE,
        "after the victory phase: {points}; {verdict}",
        points=", ".join(f"{p} {vp}" for p, vp in points.items()),
        verdict=message("won by {winners}", winners=", ".join(winners)) if winners else N_("nobody has won yet"),
    )
    return VictoryResult(outcomes, points, target, winners, trace.build())


CALCULATORS = (
    Calculator(
        name="victory",
        label=N_("Victory phase"),
        title=(
            "Hell of a War: the victory phase "
            "— lands won, occupation force, victory points (two players, teams, three players)"
        ),
        scenario=VictoryScenario,
        evaluate=evaluate_victory,
        games=("hell-of-a-war",),
    ),
)
