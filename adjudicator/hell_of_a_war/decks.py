"""Hell of a War: what the players bring to the table — deck legality per format, and the land set-up.

Game ``hell-of-a-war``, source ``001_6dfd36dc833f0c3c.txt`` (the German FAQ of
30 November 2012). Rules implemented, each step of the trace citing its entry:

Calculator ``deck``:

- ``how.depot`` — at least 50 cards, no card (same title) more than 4 times,
  only Axis or only Allied cards; land cards are not part of a deck;
- ``how.highlander-format`` — every card exactly once, 50 to 60 cards;
- ``how.fortgeschrittenen-format`` — at most 2 copies, 50 to 60 cards;
- ``how.profi-format`` — at most 4 copies, 50 to 60 cards;
- ``how.strategie-format`` — at most 4 copies, action cards once, at least 50
  cards and no maximum, a TW total of at most 210 (base buildings count 2 TW,
  action cards with an X cost 10 TW), cards of at most two nations, the second
  nation providing at most 50 TW of units;
- ``how.historisch`` / ``how.bunkerknacker`` — Historisch! cards once per deck
  (Bunkerknacker always counts as Historisch!); ``how.prototyp`` — Prototyp!
  cards up to 4 times in the deck;
- ``how.achsenmaechte`` / ``how.hoheitskennzeichen`` — which nations are Axis,
  which Allied; a card with two national markings may count for either, and
  cards without markings go in any deck.

Calculator ``multiplayer-setup``:

- ``how.spielvorbereitung`` / ``how.laenderkarten`` — two players: each lays two
  different lands worth at least 8 victory points, never two exclusion lands
  (``how.ausschlusslaender``) from one party; 15 victory points win
  (``how.siegphase``);
- ``how.multiplayer-spiel.gerade-spieleranzahl`` — teams: 6 lands with at least
  22 victory points, each team 3 lands with at least 11; 21 victory points win;
- ``how.multiplayer-spiel.ungerade-spieleranzahl`` — three players (unofficial):
  four lands, chosen together or the last player in turn order choosing two;
  15 victory points win;
- ``how.multiplayer-spiel.global-domination`` — all lands shuffled into a pile,
  four drawn as starting lands, a new one drawn for each land conquered; usually
  30 victory points (20 or 15 by agreement).

Both run in time linear in the number of cards or lands (the choice of a
strategy deck's main and second nation tries the 7 × 7 pairs).

>>> cards = (DeckCard("Panzer IV", count=2),) + tuple(DeckCard(f"Card {number}") for number in range(48))
>>> result = evaluate_deck(DeckScenario(DeckFormat.HIGHLANDER, cards))
>>> result.legal, result.card_count, [problem.text for problem in result.problems]
(False, 50, ['Panzer IV: 2 copies; the highlander format allows every card exactly once'])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import ClassVar

from adjudicator.checks import collect_problems, raise_problems
from adjudicator.errors import ScenarioError
from adjudicator.hell_of_a_war.vocabulary import check_at_least, check_named, named_card_ruling
from adjudicator.limits import SCENARIO_CARDS, SizeLimit
from adjudicator.meaning import means
from adjudicator.messages import N_, Message, MessageList, N_plural, Summarized, message
from adjudicator.plain import InvalidScenario, PlainHooks
from adjudicator.registry import Calculator
from adjudicator.trace import Trace, TraceBuilder

__all__ = [
    "CALCULATORS",
    "Alliance",
    "CardType",
    "DeckCard",
    "DeckFormat",
    "DeckResult",
    "DeckScenario",
    "LandChoice",
    "Nation",
    "SetupResult",
    "SetupScenario",
    "SetupVariant",
    "evaluate_deck",
    "evaluate_setup",
]

DEPOT = "how.depot"
HISTORIC = "how.historisch"
PROTOTYPE = "how.prototyp"
AXIS_ENTRY = "how.achsenmaechte"
MARKINGS = "how.hoheitskennzeichen"
LAND_CARDS = "how.laenderkarten"
PREPARATION = "how.spielvorbereitung"
VICTORY_PHASE = "how.siegphase"
TEAMS = "how.multiplayer-spiel.gerade-spieleranzahl"
THREE_PLAYERS = "how.multiplayer-spiel.ungerade-spieleranzahl"
GLOBAL_DOMINATION = "how.multiplayer-spiel.global-domination"

MINIMUM_CARDS = 50
"""``Ein Depot muss aus mindestens 50 HoW-Karten bestehen.``"""
DEPOT_COPIES = 4
"""``Keine Karte mit gleicher Bezeichnung (Überschrift) darf mehr als 4 Mal im Depot enthalten sein.``"""


class Alliance(Enum):
    AXIS = "axis"
    ALLIES = "allies"

    @property
    def label(self) -> str:
        """The alliance as a catalog word."""
        return N_("axis") if self is Alliance.AXIS else N_("allies")


class Nation(Enum):
    """The national markings (Hoheitskennzeichen) of the cards."""

    GERMANY = "germany"
    ITALY = "italy"
    JAPAN = "japan"
    FRANCE = "france"
    GREAT_BRITAIN = "great-britain"
    USA = "usa"
    SOVIET_UNION = "soviet-union"

    @property
    def alliance(self) -> Alliance:
        """Germany, Italy and Japan are the Axis; all others the Allies (``how.achsenmaechte``)."""
        return Alliance.AXIS if self in (Nation.GERMANY, Nation.ITALY, Nation.JAPAN) else Alliance.ALLIES

    @property
    def label(self) -> str:
        """The nation's name as a catalog word.

        >>> Nation.SOVIET_UNION.label
        'Soviet Union'
        """
        return _NATION_NAMES[self]


_NATION_NAMES = {
    Nation.GERMANY: N_("Germany"),
    Nation.ITALY: N_("Italy"),
    Nation.JAPAN: N_("Japan"),
    Nation.FRANCE: N_("France"),
    Nation.GREAT_BRITAIN: N_("Great Britain"),
    Nation.USA: N_("USA"),
    Nation.SOVIET_UNION: N_("Soviet Union"),
}


class CardType(Enum):
    """Kartenarten (``how.kartenarten``)."""

    UNIT = "unit"
    BASE_BUILDING = "base-building"
    LAND_UPGRADE = "land-upgrade"
    ACTION = "action"
    UPGRADE = "upgrade"
    LAND = "land"
    """A land card: not part of a deck."""


class DeckFormat(Enum):
    """The official formats (``how.spielformate``), and the general deck rule alone."""

    BASIC = "basic"
    """Only the general rule of ``how.depot``."""
    HIGHLANDER = "highlander"
    ADVANCED = "advanced"
    """Fortgeschrittenen-Format."""
    PRO = "pro"
    """Profi-Format."""
    STRATEGY = "strategy"
    """Strategie-Format."""

    @property
    def label(self) -> str:
        """The format's name as a catalog word."""
        return _FORMAT_NAMES[self]


_FORMAT_NAMES = {
    DeckFormat.BASIC: N_("basic"),
    DeckFormat.HIGHLANDER: N_("highlander"),
    DeckFormat.ADVANCED: N_("advanced"),
    DeckFormat.PRO: N_("pro"),
    DeckFormat.STRATEGY: N_("strategy"),
}


@dataclass(frozen=True)
class _FormatRules:
    entry: str
    copies: int
    max_cards: int | None


FORMAT_RULES = {
    DeckFormat.BASIC: _FormatRules(DEPOT, DEPOT_COPIES, None),
    DeckFormat.HIGHLANDER: _FormatRules("how.highlander-format", 1, 60),
    DeckFormat.ADVANCED: _FormatRules("how.fortgeschrittenen-format", 2, 60),
    DeckFormat.PRO: _FormatRules("how.profi-format", 4, 60),
    DeckFormat.STRATEGY: _FormatRules("how.strategie-format", 4, None),
}
"""Copies allowed per title and the most cards, per format (each at least :data:`MINIMUM_CARDS`)."""
STRATEGY_TW_LIMIT = 210
STRATEGY_BASE_BUILDING_TW = 2
STRATEGY_X_COST_TW = 10
STRATEGY_MAX_NATIONS = 2
STRATEGY_SECOND_NATION_UNIT_TW = 50


@dataclass(frozen=True)
class DeckCard:
    """One line of a deck list: a card title and how many copies."""

    name: str
    """The card's title (Überschrift); lines with the same title are counted together."""
    type: CardType = CardType.UNIT
    """The card type: unit, base building, land upgrade, action, upgrade, or land (land cards are not counted)."""
    count: int = 1
    """Copies of the card on this line (1 or more)."""
    cost: int | None = None
    """TW cost; needed in the strategy format except for base buildings and X-cost action cards."""
    x_cost: bool = False
    """An action card whose effect costs "X" TW."""
    nations: tuple[Nation, ...] = ()
    """National markings; none for cards without markings (base buildings, land upgrades …)."""
    historic: bool = False
    """Historisch!"""
    prototype: bool = False
    """Prototyp!"""

    def __post_init__(self) -> None:
        raise_problems(
            collect_problems(
                lambda: check_named(self.name, N_("must be the card's title")),
                lambda: check_at_least("count", self.count, 1),
                lambda: check_at_least("cost", self.cost, 0),
                self._check_x_cost,
            )
        )

    def _check_x_cost(self) -> None:
        if self.x_cost and self.type is not CardType.ACTION:
            raise ScenarioError("x_cost", "applies to action cards only", self.type.value)


@dataclass(frozen=True)
class DeckScenario(PlainHooks):
    """A deck list to check against a format."""

    size_limits: ClassVar[tuple[SizeLimit, ...]] = (
        SizeLimit("cards", SCENARIO_CARDS, N_("cards"), N_("a deck holds a few dozen cards: list fewer")),
    )
    """Fields whose cost grows with their size (:mod:`adjudicator.limits`)."""

    format: DeckFormat
    """The format to check: basic (the general deck rule only), highlander, advanced, pro or strategy."""
    cards: tuple[DeckCard, ...]
    """The deck list, one line per title (several lines with one title are counted together)."""
    main_nation: Nation | None = None
    """Strategy format: the declared main nation (default: the choice that keeps the second nation smallest)."""

    def __post_init__(self) -> None:
        if self.format is not DeckFormat.STRATEGY:
            return
        problems = [
            ScenarioError(
                f"cards.{index}.cost", "the strategy format sums the TW costs of all cards: give this card's cost", None
            )
            for index, card in enumerate(self.cards)
            if card.cost is None and card.type not in (CardType.BASE_BUILDING, CardType.LAND) and not card.x_cost
        ]
        if problems:
            raise InvalidScenario(problems)


@dataclass(frozen=True)
class DeckResult(Summarized):
    legal: bool
    format: DeckFormat
    card_count: int
    """Cards in the deck (land cards excluded)."""
    copies: dict[str, int]
    """Copies per title."""
    alliance: Alliance | None
    """The alliance of the marked cards (None when no card has a marking, or when they mix)."""
    strategy_tw: int | None
    """Strategy format: the TW total as the format counts it."""
    main_nation: Nation | None
    second_nation: Nation | None
    second_nation_unit_tw: int | None
    problems: tuple[Message, ...]
    violated_rules: tuple[str, ...]
    """Entry ids of the rules broken, in the order checked."""
    trace: Trace

    def summary_messages(self) -> list[Message]:
        template = (
            N_("Legal in the {format} format ({count} cards)")
            if self.legal
            else N_("Not legal in the {format} format ({count} cards)")
        )
        lines = [message(template, format=self.format.label, count=self.card_count)]
        lines.extend(message("- {problem}", problem=problem) for problem in self.problems)
        return lines


class _Verdict:
    def __init__(self) -> None:
        self.trace = TraceBuilder()
        self.problems: list[Message] = []
        self.violated: list[str] = []

    def check(self, ok: bool, rule: str, template: str, **params: object) -> None:
        """Record a check: the trace always, a problem when it fails."""
        checked = message(template, **params)
        if ok:
            self.trace.add(rule, "ok: {check}", check=checked)
        else:
            self.trace.add(rule, "VIOLATED: {check}", check=checked)
        if not ok:
            self.problems.append(checked)
            if rule not in self.violated:
                self.violated.append(rule)


def _strategy_nations(
    cards: list[DeckCard], fixed_main: Nation | None
) -> tuple[Nation | None, Nation | None, int] | None:
    """Main nation, second nation and the second nation's unit TW; None if more than two nations are needed."""
    marked = [card for card in cards if card.nations]
    present = [nation for nation in Nation if any(nation in card.nations for card in marked)]
    if not present:
        return None, None, 0
    best: tuple[int, int, Nation, Nation | None] | None = None
    for main in present if fixed_main is None else [fixed_main]:
        for second in [None, *present]:
            if second == main:
                continue
            allowed = {main, second}
            if not all(allowed & set(card.nations) for card in marked):
                continue
            second_tw = sum(
                card.count * (card.cost or 0)
                for card in marked
                if card.type is CardType.UNIT and main not in card.nations
            )
            main_tw = sum(
                card.count * (card.cost or 0) for card in marked if card.type is CardType.UNIT and main in card.nations
            )
            rank = (second_tw, -main_tw, main, second)
            if best is None or rank[:2] < best[:2]:
                best = rank
    if best is None:
        return None
    return best[2], best[3], best[0]


def evaluate_deck(scenario: DeckScenario) -> DeckResult:
    """Check a deck list against its format, every rule in turn."""
    verdict = _Verdict()
    rules = FORMAT_RULES[scenario.format]
    lands = [card for card in scenario.cards if card.type is CardType.LAND]
    cards = [card for card in scenario.cards if card.type is not CardType.LAND]
    if lands:
        verdict.trace.add(
            DEPOT,
            "land cards are not part of a deck: {names} not counted",
            names=", ".join(card.name for card in lands),
        )
    count = _check_card_count(verdict, rules, scenario, cards)
    copies = _check_copies(verdict, rules, scenario, cards)
    alliance = _check_alliance(verdict, cards)
    strategy_tw, main, second, second_tw = (
        _check_strategy(verdict, rules, scenario, cards)
        if scenario.format is DeckFormat.STRATEGY
        else (None, None, None, None)
    )
    legal = not verdict.problems
    verdict.trace.add(
        DEPOT,
        "the deck is {verdict}; an illegal deck loses the game when checked",
        verdict="legal" if legal else "not legal",
    )
    return DeckResult(
        legal,
        scenario.format,
        count,
        copies,
        alliance,
        strategy_tw,
        main,
        second,
        second_tw,
        tuple(verdict.problems),
        tuple(verdict.violated),
        verdict.trace.build(),
    )


def _check_card_count(verdict: _Verdict, rules: _FormatRules, scenario: DeckScenario, cards: list[DeckCard]) -> int:
    """The deck's size against the minimum and the format's maximum; returns how many cards it has."""
    count = sum(card.count for card in cards)
    verdict.check(
        count >= MINIMUM_CARDS,
        rules.entry if scenario.format is not DeckFormat.BASIC else DEPOT,
        "the deck has {count} cards; at least {minimum} are required",
        count=count,
        minimum=MINIMUM_CARDS,
    )
    if rules.max_cards is not None:
        verdict.check(
            count <= rules.max_cards,
            rules.entry,
            "the deck has {count} cards; the {format} format allows at most {maximum}",
            count=count,
            format=scenario.format.label,
            maximum=rules.max_cards,
        )
    elif scenario.format is DeckFormat.STRATEGY:
        verdict.trace.add(rules.entry, "the strategy format has no maximum number of cards")
    return count


def _check_copies(
    verdict: _Verdict, rules: _FormatRules, scenario: DeckScenario, cards: list[DeckCard]
) -> dict[str, int]:
    """Each title's copies (lines of the same title together) against the limits; returns the copies per title."""
    copies: dict[str, int] = {}
    by_title: dict[str, list[DeckCard]] = {}
    for card in cards:
        copies[card.name] = copies.get(card.name, 0) + card.count
        by_title.setdefault(card.name, []).append(card)
    for name, lines in by_title.items():
        if len(lines) > 1:
            verdict.trace.add(
                DEPOT,
                "{name} is listed {lines} times: cards with the same title count together ({count})",
                name=name,
                lines=len(lines),
                count=copies[name],
            )
    problems_before = len(verdict.problems)
    for name, number in copies.items():
        card = by_title[name][0]
        ruling = named_card_ruling(name)
        always_historic = ruling is not None and ruling.always_historic
        historic = always_historic or any(line.historic for line in by_title[name])
        if number > DEPOT_COPIES:
            verdict.check(
                False,
                DEPOT,
                "{name}: {number} copies; no title may be in a deck more than {limit} times",
                name=name,
                number=number,
                limit=DEPOT_COPIES,
            )
        if number > rules.copies:
            wording = (
                message("every card exactly once")
                if rules.copies == 1
                else message(
                    N_plural("at most {count} copy of a card", "at most {count} copies of a card"), count=rules.copies
                )
            )
            verdict.check(
                False,
                rules.entry,
                "{name}: {number} copies; the {format} format allows {wording}",
                name=name,
                number=number,
                format=scenario.format.label,
                wording=wording,
            )
        if historic:
            rule = ruling.entry if ruling is not None and always_historic else HISTORIC
            verdict.check(
                number <= 1, rule, "{name} is Historisch!: {number} copies, at most 1 allowed", name=name, number=number
            )
        if card.prototype:
            verdict.trace.add(
                PROTOTYPE, "{name} is Prototyp!: up to 4 copies in the deck, but only one per player in play", name=name
            )
        if scenario.format is DeckFormat.STRATEGY and card.type is CardType.ACTION and number > 1:
            verdict.check(
                False,
                rules.entry,
                "{name}: {number} copies of an action card; the strategy format allows every action card once",
                name=name,
                number=number,
            )
    if len(verdict.problems) == problems_before:
        verdict.trace.add(
            rules.entry,
            "no title exceeds its copy limit ({limit} per card in the {format} format)",
            limit=rules.copies,
            format=scenario.format.label,
        )
    return copies


def _check_alliance(verdict: _Verdict, cards: list[DeckCard]) -> Alliance | None:
    """The national markings all of one alliance; returns it (None without markings, or when they mix)."""
    marked = [card for card in cards if card.nations]
    alliances = [a for a in Alliance if all(any(n.alliance is a for n in card.nations) for card in marked)]
    alliance = alliances[0] if marked and len(alliances) == 1 else None
    if marked:
        verdict.trace.add(
            AXIS_ENTRY,
            "Germany, Italy and Japan are the Axis; France, Great Britain, the USA and the Soviet Union the Allies",
        )
        verdict.check(
            bool(alliances),
            DEPOT,
            "a deck holds cards of the Axis or of the Allies only; this one has cards of: {kinds}",
            kinds=MessageList(
                tuple(
                    message("{alliance}", alliance=alliance.label)
                    for alliance in sorted({n.alliance for card in marked for n in card.nations}, key=lambda a: a.value)
                )
            ),
        )
    else:
        verdict.trace.add(MARKINGS, "no card has a national marking; such cards go in any deck")
    if any(len(card.nations) > 1 for card in marked):
        verdict.trace.add(
            MARKINGS, "cards with two national markings belong to both nations; the player chooses which one uses them"
        )
    return alliance


def _check_strategy(
    verdict: _Verdict, rules: _FormatRules, scenario: DeckScenario, cards: list[DeckCard]
) -> tuple[int | None, Nation | None, Nation | None, int | None]:
    """The strategy format's TW total and nations; returns the total, the main and second nation, the second's TW."""
    main: Nation | None = None
    second: Nation | None = None
    second_tw: int | None = None
    marked = [card for card in cards if card.nations]
    strategy_tw = 0
    for card in cards:
        if card.type is CardType.BASE_BUILDING:
            strategy_tw += card.count * STRATEGY_BASE_BUILDING_TW
        elif card.x_cost:
            strategy_tw += card.count * STRATEGY_X_COST_TW
        else:
            strategy_tw += card.count * (card.cost or 0)
    base = sum(card.count for card in cards if card.type is CardType.BASE_BUILDING)
    x_cards = sum(card.count for card in cards if card.x_cost)
    verdict.check(
        strategy_tw <= STRATEGY_TW_LIMIT,
        rules.entry,
        "TW total {total} (base buildings {base} × 2 TW, X-cost action cards {x_cards} × 10 TW, the others at "
        "their cost); at most {limit}",
        total=strategy_tw,
        base=base,
        x_cards=x_cards,
        limit=STRATEGY_TW_LIMIT,
    )
    nations = _strategy_nations(cards, scenario.main_nation)
    if nations is None:
        present = sorted({n for card in marked for n in card.nations}, key=lambda nation: nation.value)
        verdict.check(
            False,
            rules.entry,
            "cards of at most {limit} nations; this deck needs {nations}",
            limit=STRATEGY_MAX_NATIONS,
            nations=MessageList(tuple(message("{nation}", nation=nation.label) for nation in present)),
        )
    else:
        main, second, second_tw = nations
        if main is not None:
            verdict.check(
                True,
                rules.entry,
                "cards of at most {limit} nations: main nation {main}, second nation {second}",
                limit=STRATEGY_MAX_NATIONS,
                main=main.label,
                second=second.label if second else N_("none"),
            )
            verdict.check(
                second_tw <= STRATEGY_SECOND_NATION_UNIT_TW,
                rules.entry,
                "the second nation provides {tw} TW of units; at most {limit}",
                tw=second_tw,
                limit=STRATEGY_SECOND_NATION_UNIT_TW,
            )
    return strategy_tw, main, second, second_tw


# --- multiplayer-setup ----------------------------------------------------------------------


class SetupVariant(Enum):
    TWO_PLAYER = "two-player"
    TEAMS = "teams"
    """An even number of players in two teams."""
    THREE_PLAYER = "three-player"
    GLOBAL_DOMINATION = "global-domination"


@dataclass(frozen=True)
class LandChoice:
    """A land card laid out before the game."""

    name: str
    """The land card's name, e.g. Ukraine."""
    victory_points: int
    """Victory points the land is worth."""
    party: str
    """Who chose it: a player, or a team in the team game."""
    exclusion: bool = False
    """An exclusion land (``how.ausschlusslaender``), e.g. Kaukasus or Polen."""

    def __post_init__(self) -> None:
        raise_problems(
            collect_problems(
                lambda: check_named(self.name, N_("must name the land")),
                lambda: check_at_least("victory_points", self.victory_points, 0),
            )
        )


@dataclass(frozen=True)
class SetupScenario:
    variant: SetupVariant
    """Two players, two teams, three players (unofficial) or Global Domination."""
    players: int
    """Number of players at the table (2 or more; teams need an even number, at least 4)."""
    lands: tuple[LandChoice, ...] = ()
    """The lands laid out and who chose each; none in Global Domination, where they are drawn."""
    turn_order: tuple[str, ...] = ()
    """Three players: the players from the first attacker on; the last chooses two lands."""
    joint_choice: bool = False
    """Three players: the lands were chosen together."""
    land_pile: int | None = None
    """Global Domination: the number of land cards shuffled into the pile."""
    victory_points_to_win: int | None = field(default=None, metadata=means(expert=True))
    """Global Domination only: the agreed target (default 30)."""

    def __post_init__(self) -> None:
        raise_problems(
            collect_problems(
                lambda: check_at_least("players", self.players, 2),
                self._check_victory_points_to_win,
                lambda: check_at_least("land_pile", self.land_pile, 0),
            )
        )

    def _check_victory_points_to_win(self) -> None:
        if self.victory_points_to_win is None:
            return
        if self.variant is not SetupVariant.GLOBAL_DOMINATION:
            raise ScenarioError(
                "victory_points_to_win", "is fixed by the rules except in Global Domination", self.victory_points_to_win
            )
        check_at_least("victory_points_to_win", self.victory_points_to_win, 1)


@dataclass(frozen=True)
class SetupResult(Summarized):
    legal: bool
    lands_in_play: int
    victory_points_total: int
    victory_points_by_party: dict[str, int]
    victory_points_to_win: int
    problems: tuple[Message, ...]
    violated_rules: tuple[str, ...]
    trace: Trace

    def summary_messages(self) -> list[Message]:
        template = (
            N_("Legal set-up: {lands} lands, {points} victory points to win")
            if self.legal
            else N_("Not legal set-up: {lands} lands, {points} victory points to win")
        )
        lines = [message(template, lands=self.lands_in_play, points=self.victory_points_to_win)]
        lines.extend(message("- {problem}", problem=problem) for problem in self.problems)
        return lines


def _party_lands(scenario: SetupScenario) -> dict[str, list[LandChoice]]:
    parties: dict[str, list[LandChoice]] = {}
    for land in scenario.lands:
        parties.setdefault(land.party, []).append(land)
    return parties


def _common_land_rules(verdict: _Verdict, parties: dict[str, list[LandChoice]], rule: str) -> None:
    for party, lands in parties.items():
        names = [land.name for land in lands]
        verdict.check(
            len(set(names)) == len(names),
            rule,
            "{party} lays different lands: {names}",
            party=party,
            names=", ".join(names),
        )
        exclusions = [land.name for land in lands if land.exclusion]
        verdict.check(
            len(exclusions) <= 1,
            LAND_CARDS,
            "{party} lays no two exclusion lands: {names}",
            party=party,
            names=", ".join(exclusions) or "none",
        )


def evaluate_setup(scenario: SetupScenario) -> SetupResult:
    """Check the lands laid out for the chosen variant; say how many victory points win."""
    verdict = _Verdict()
    parties = _party_lands(scenario)
    by_party = {party: sum(land.victory_points for land in lands) for party, lands in parties.items()}
    total = sum(by_party.values())
    lands_in_play = len(scenario.lands)
    if scenario.variant is SetupVariant.TWO_PLAYER:
        target = _check_two_player(verdict, scenario, parties, by_party)
    elif scenario.variant is SetupVariant.TEAMS:
        target = _check_teams(verdict, scenario, parties, by_party, total, lands_in_play)
    elif scenario.variant is SetupVariant.THREE_PLAYER:
        target = _check_three_player(verdict, scenario, parties, lands_in_play)
    else:
        target = _check_global_domination(verdict, scenario)
        lands_in_play = 4
    legal = not verdict.problems
    return SetupResult(
        legal,
        lands_in_play,
        total,
        by_party,
        target,
        tuple(verdict.problems),
        tuple(verdict.violated),
        verdict.trace.build(),
    )


def _check_two_player(
    verdict: _Verdict, scenario: SetupScenario, parties: dict[str, list[LandChoice]], by_party: dict[str, int]
) -> int:
    """Two players lay two lands each, worth at least 8 victory points; returns the victory points that win."""
    target = 15
    verdict.check(scenario.players == 2, PREPARATION, "{players} players", players=scenario.players)
    verdict.check(
        len(parties) == 2,
        PREPARATION,
        "each of the two players lays lands: {parties}",
        parties=", ".join(parties) or "none",
    )
    for party, lands in parties.items():
        verdict.check(
            len(lands) == 2,
            PREPARATION,
            "{party} lays {count} lands; each player lays 2",
            party=party,
            count=len(lands),
        )
        verdict.check(
            by_party[party] >= 8,
            PREPARATION,
            "{party}'s lands are worth {vp} victory points; at least 8",
            party=party,
            vp=by_party[party],
        )
    _common_land_rules(verdict, parties, PREPARATION)
    verdict.trace.add(VICTORY_PHASE, "the game is won with {target} victory points", target=target)
    return target


def _check_teams(
    verdict: _Verdict,
    scenario: SetupScenario,
    parties: dict[str, list[LandChoice]],
    by_party: dict[str, int],
    total: int,
    lands_in_play: int,
) -> int:
    """Two teams lay three lands each, worth at least 11 (22 together); returns the victory points that win."""
    target = 21
    verdict.check(
        scenario.players >= 4 and scenario.players % 2 == 0,
        TEAMS,
        "{players} players in two teams sitting opposite each other (an even number)",
        players=scenario.players,
    )
    verdict.check(len(parties) == 2, TEAMS, "the two teams lay lands: {parties}", parties=", ".join(parties) or "none")
    verdict.check(lands_in_play == 6, TEAMS, "{count} lands; the game is played for 6", count=lands_in_play)
    verdict.check(total >= 22, TEAMS, "the lands are worth {total} victory points together; at least 22", total=total)
    for party, lands in parties.items():
        verdict.check(
            len(lands) == 3, TEAMS, "{party} lays {count} lands; each team lays 3", party=party, count=len(lands)
        )
        verdict.check(
            by_party[party] >= 11,
            TEAMS,
            "{party}'s lands are worth {vp} victory points; at least 11",
            party=party,
            vp=by_party[party],
        )
    _common_land_rules(verdict, parties, TEAMS)
    verdict.trace.add(TEAMS, "the game is won with {target} victory points", target=target)
    return target


def _check_three_player(
    verdict: _Verdict, scenario: SetupScenario, parties: dict[str, list[LandChoice]], lands_in_play: int
) -> int:
    """Three players (forum rules) choose four lands, in turn order or together; returns the victory points that win."""
    target = 15
    verdict.trace.add(THREE_PLAYERS, "there are no official rules for three players; these come from forum ideas")
    verdict.check(scenario.players == 3, THREE_PLAYERS, "{players} players", players=scenario.players)
    verdict.check(
        lands_in_play == 4,
        THREE_PLAYERS,
        "{count} lands; the game is played for four as usual",
        count=lands_in_play,
    )
    if scenario.joint_choice:
        verdict.trace.add(THREE_PLAYERS, "the lands were chosen together, which is best")
    else:
        order = list(scenario.turn_order)
        verdict.check(
            len(order) == 3 and set(order) >= set(parties),
            THREE_PLAYERS,
            "the turn order names the three players from the first attacker on: {order}",
            order=", ".join(order) or "none",
        )
        for position, player in enumerate(order):
            wanted = 2 if position == len(order) - 1 else 1
            verdict.check(
                len(parties.get(player, [])) == wanted,
                THREE_PLAYERS,
                "{player} ({position}. in turn order) chooses {count} lands; {wanted} allowed (the last chooses "
                "two, the others one)",
                player=player,
                position=position + 1,
                count=len(parties.get(player, [])),
                wanted=wanted,
            )
    _common_land_rules(verdict, parties, PREPARATION)
    verdict.trace.add(THREE_PLAYERS, "the winner is still the player with {target} victory points", target=target)
    return target


def _check_global_domination(verdict: _Verdict, scenario: SetupScenario) -> int:
    """Global Domination draws its lands from one pile; returns the victory points that win."""
    target = scenario.victory_points_to_win or 30
    verdict.trace.add(
        GLOBAL_DOMINATION,
        "Global Domination: played like a normal game of {players} players, but all lands are shuffled into one pile",
        players=scenario.players,
    )
    pile = scenario.land_pile
    verdict.check(
        pile is not None and pile >= 4,
        GLOBAL_DOMINATION,
        "four starting lands are drawn from the pile of {pile} lands; a new one is drawn whenever a land is conquered",
        pile=pile if pile is not None else N_("unknown"),
    )
    if scenario.lands:
        verdict.check(
            False,
            GLOBAL_DOMINATION,
            "in Global Domination the lands are drawn, not chosen: {count} chosen",
            count=len(scenario.lands),
        )
    verdict.trace.add(
        GLOBAL_DOMINATION,
        N_("played to {target} victory points (the usual target; 20 or 15 are possible by agreement)")
        if scenario.victory_points_to_win is None
        else N_("played to {target} victory points (as agreed; usually 30)"),
        target=target,
    )
    return target


CALCULATORS = (
    Calculator(
        name="deck",
        label=N_("Deck legality"),
        title="Hell of a War: is this deck legal in its format (Highlander, Fortgeschrittene, Profi, Strategie)?",
        scenario=DeckScenario,
        evaluate=evaluate_deck,
        games=("hell-of-a-war",),
    ),
    Calculator(
        name="multiplayer-setup",
        label=N_("Multiplayer set-up"),
        title=(
            "Hell of a War: the lands laid out for two players, teams, three players or Global Domination, "
            "and the victory points to win"
        ),
        scenario=SetupScenario,
        evaluate=evaluate_setup,
        games=("hell-of-a-war",),
    ),
)
