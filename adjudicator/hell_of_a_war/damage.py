"""Hell of a War: the damage-distribution phase — who deals how much damage to whom, and who is destroyed.

Game ``hell-of-a-war``, source ``001_6dfd36dc833f0c3c.txt`` (the German FAQ of
30 November 2012). Rules implemented, each step of the trace citing its entry:

- ``how.schadenverteilungsphase`` — matching attack values (AG-Boden on land
  units, AG-Luft on aircraft, AG-See on ships); rules a/aa (single block; a
  unit that may block several splits its value among them), b/bb (an attacker
  blocked several times), c (an unblocked attacker deals one matching value to
  any enemy unit of the land), cc1 (a target locked earlier returns nothing),
  cc2 (an unlocked target may return each of its values whole to one matching
  attacker, and is locked for it), cc3 (a blocker returns only a matching value
  it did not use against the unit it blocks); damage summed and settled at the
  end of the phase; the Sonderfall (card text that draws unblocked attackers
  onto a unit as if it had blocked them beats "cannot attack");
- ``how.mehrfachblocks`` / ``how.blockphase`` — an attacker blocked by several
  unit types deals each attack value exactly once, split only among the
  blockers of that type; blocking another type only where the card allows it;
- ``how.vorteil`` — Vorteil! damage is dealt first; a unit destroyed by it alone
  deals no further damage; two units with Vorteil! against each other deal it
  simultaneously; it applies only to the unit types named (``how.jagdbomber``:
  a fighter-bomber is both a fighter and a bomber);
- ``how.sturm`` — Sturm! damage ignores defence markers and every other defence
  bonus and never reduces the markers;
- ``how.verteidigungsmarker`` — other damage is applied to the markers first,
  one marker per point; a unit that attacked has lost its markers;
- ``how.verteidigungswert`` / ``how.schaden`` — a unit is destroyed when the
  damage on its defence reaches it at the end of the phase;
- ``how.tarnung`` — no damage from the unit types (or actions) a camouflaged
  unit is camouflaged against, and no blocking by them;
- ``how.eingraben`` — survivors with Eingraben! get their markers back up to
  the card's maximum between the rounds;
- ``how.initiative`` and ``how.friendly-fire`` — which targets an unblocked
  attacker may choose.

Where the rules leave a choice to the players (how to split a value among
several targets, to whom a value is returned) the scenario may state it; if it
does not, the calculator makes a stated default choice and says so in the trace.
Vorteil! is applied to every damage its unit deals to a unit of the named type
(attacking, blocking or returning damage). Runs in time linear in the number
of units, blocks and attacks.

>>> scenario = DamageScenario(
...     units=(
...         CombatUnit("Spitfire", Side.DEFENDER, UnitKind.AIR, defence=2, attack={UnitKind.AIR: 3},
...                    advantage_against=("Bomber",)),
...         CombatUnit("Do217", Side.ATTACKER, UnitKind.AIR, defence=2, attack={UnitKind.AIR: 1},
...                    subtypes=("Bomber",)),
...     ),
...     blocks=(Block("Spitfire", "Do217"),),
... )
>>> result = evaluate_damage(scenario)
>>> result.destroyed, result.dealt_total
(('Do217',), {'Spitfire': 3, 'Do217': 0})
"""

from __future__ import annotations

import functools
from collections import Counter
from dataclasses import dataclass, field
from enum import Enum
from typing import ClassVar

from adjudicator.checks import collect_problems, raise_problems
from adjudicator.errors import ScenarioError
from adjudicator.hell_of_a_war.vocabulary import check_at_least, check_named
from adjudicator.limits import SCENARIO_CARDS, SizeLimit
from adjudicator.meaning import Kind, means
from adjudicator.messages import N_, Message, MessageList, N_plural, Plural, Summarized, message
from adjudicator.plain import InvalidScenario, PlainHooks
from adjudicator.registry import Calculator
from adjudicator.trace import Trace, TraceBuilder

__all__ = [
    "CALCULATORS",
    "SUBTYPE_RULINGS",
    "ActionDamage",
    "Block",
    "CombatUnit",
    "DamageResult",
    "DamageScenario",
    "FreeAttack",
    "ReturnFire",
    "Side",
    "Split",
    "SubtypeRuling",
    "UnitKind",
    "evaluate_damage",
]

PHASE = "how.schadenverteilungsphase"
MULTI_BLOCK = "how.mehrfachblocks"
ADVANTAGE = "how.vorteil"
STURM = "how.sturm"
MARKERS = "how.verteidigungsmarker"
DEFENCE = "how.verteidigungswert"
DAMAGE = "how.schaden"
CAMOUFLAGE = "how.tarnung"
DIG_IN = "how.eingraben"
INITIATIVE = "how.initiative"
FIGHTER_BOMBER = "how.jagdbomber"

ACTION = "action"
"""Selector of :attr:`CombatUnit.camouflage_against` for damage from actions (Tarnung! vor Aktionen)."""


class Side(Enum):
    """The two parties of one damage-distribution phase."""

    ATTACKER = "attacker"
    """The player whose attack declaration preceded this phase (in phase 2 the round's defender)."""
    DEFENDER = "defender"
    """The player who declared blockers."""


class UnitKind(Enum):
    """Obertyp (``how.obertyp``), and the target kind each attack value acts on (``how.angriffswert``)."""

    LAND = "land"
    """Landeinheit (green border); hit by AG-Boden."""
    AIR = "air"
    """Lufteinheit / Flugzeug (brown border); hit by AG-Luft."""
    SEA = "sea"
    """Seeeinheit / Schiff (blue border); hit by AG-See."""

    @property
    def label(self) -> str:
        """The kind as a catalog word."""
        return _KIND_WORDS[self]


_KIND_WORDS = {UnitKind.LAND: N_("land"), UnitKind.AIR: N_("air"), UnitKind.SEA: N_("sea")}


def _selector_word(selector: str) -> str:
    """A card text's selector as shown: a unit kind as its catalog word, a subtype or action as written."""
    wanted = selector.strip().casefold()
    return next((kind.label for kind in UnitKind if kind.value == wanted), selector)


ATTACK_VALUE_NAME = {UnitKind.LAND: "AG-Boden", UnitKind.AIR: "AG-Luft", UnitKind.SEA: "AG-See"}
"""The card's name of the attack value that acts on each unit kind."""


@dataclass(frozen=True)
class SubtypeRuling:
    """A unit subtype (Untertyp) that an entry rules counts as other subtypes too."""

    counts_as: frozenset[str]
    """The subtypes it counts as besides itself (casefolded), for Vorteil! and every other card text naming them."""
    entry: str
    """The ruling, cited when a card text means the unit through it."""
    explanation: str
    """What the trace then says (a msgid with the field ``target``, the unit)."""


SUBTYPE_RULINGS = {
    "jagdbomber": SubtypeRuling(
        frozenset({"jäger", "bomber"}),
        FIGHTER_BOMBER,
        N_("{target} is a fighter-bomber: it counts as a fighter and as a bomber"),
    ),
}
"""Subtype (casefolded) → its ruling: "Jagdbomber zählen sowohl als Jäger als auch als Bomber" (``how.jagdbomber``)."""


@dataclass(frozen=True)
class CombatUnit:
    """A card in the fight: a unit of either side, or a land upgrade (defends as a land unit)."""

    name: str
    """A name different from every other card's here, e.g. Me109 E-4 or Panzer 2."""
    side: Side
    """Whose card it is."""
    kind: UnitKind
    """Obertyp: land, air or sea."""
    defence: int
    """Printed defence value (VG)."""
    attack: dict[UnitKind, int] = field(default_factory=dict)
    """Attack values by the kind of target they act on: AG-Boden on land units, AG-Luft on air units, AG-See on
    sea units."""
    subtypes: tuple[str, ...] = ()
    """Untertypen from the line under the picture (Bomber, Jäger, Panzer, Infanterie …)."""
    defence_markers: int = 0
    """Defence markers on the card at the start of the phase."""
    marker_limit: int | None = None
    """The most markers the card may carry (printed on it); needed for Eingraben!."""
    dig_in: bool = False
    """Eingraben!: markers are raised to the card's limit between the rounds."""
    defence_bonus: int = 0
    """Other defence bonuses that are not markers (e.g. a land upgrade's); Sturm! ignores them too."""
    locked: bool = False
    """Locked before this phase for another purpose than blocking (rule cc1)."""
    land_upgrade: bool = False
    """A land upgrade: it neither attacks nor blocks, and defends as a land unit."""
    sturm: bool = False
    """Sturm!: its damage ignores defence markers and bonuses."""
    advantage_against: tuple[str, ...] = ()
    """Vorteil! against these kinds (land, air, sea) or subtypes."""
    camouflage_against: tuple[str, ...] = ()
    """Tarnung! against these kinds or subtypes, or "action" for damage from actions."""
    initiative: tuple[UnitKind, ...] = ()
    """Initiative!: other kinds it may damage as an unblocked attacker."""
    cannot_attack: tuple[str, ...] = ()
    """Card text "Kann keine … angreifen" (kinds or subtypes)."""
    can_block: tuple[UnitKind, ...] = ()
    """Other kinds it may block, where its card says so (e.g. a Flak blocking aircraft)."""
    max_blocked: int = 1
    """How many attackers it may block (2 for Panther V D or Takao-Klasse)."""
    draws_unblocked: tuple[str, ...] = ()
    """Card text "Angreifende … die nicht geblockt wurden, müssen ihren Schaden auf … verteilen" (kinds or subtypes)."""

    def __post_init__(self) -> None:
        raise_problems(
            collect_problems(
                lambda: check_named(self.name, N_("must name the card")),
                self._check_defence,
                self._check_attack,
                lambda: check_at_least("defence_markers", self.defence_markers),
                lambda: check_at_least("defence_bonus", self.defence_bonus),
                self._check_markers,
                self._check_max_blocked,
                self._check_land_upgrade,
            )
        )

    def _check_defence(self) -> None:
        if self.defence < 1:
            raise ScenarioError("defence", "must be a printed defence value of 1 or more", self.defence)

    def _check_attack(self) -> None:
        raise_problems(
            collect_problems(
                *(
                    functools.partial(check_at_least, f"attack.{kind.value}", value)
                    for kind, value in self.attack.items()
                )
            )
        )

    def _check_markers(self) -> None:
        """The card's marker limit, where Eingraben! or the markers it carries need one."""
        if self.marker_limit is None:
            if self.dig_in:
                raise ScenarioError(
                    "marker_limit", "is needed for Eingraben!: the most markers the card may carry", None
                )
            return
        check_at_least("marker_limit", self.marker_limit)
        if self.defence_markers > self.marker_limit:
            raise ScenarioError(
                "defence_markers",
                "must not exceed the card's limit of {limit} defence markers",
                self.defence_markers,
                limit=self.marker_limit,
            )

    def _check_max_blocked(self) -> None:
        if self.max_blocked < 1:
            raise ScenarioError("max_blocked", "must be 1 or more", self.max_blocked)

    def _check_land_upgrade(self) -> None:
        if self.land_upgrade and self.kind is not UnitKind.LAND:
            raise ScenarioError(
                "kind", "a land upgrade defends as a land unit, so its kind must be 'land'", self.kind.value
            )

    def described_by(self, selector: str) -> bool:
        """Whether a card text naming ``selector`` (a kind or a subtype) means this card.

        >>> CombatUnit("Ju87", Side.ATTACKER, UnitKind.AIR, 2, subtypes=("Jagdbomber",)).described_by("bomber")
        True
        """
        wanted = selector.strip().casefold()
        if wanted == self.kind.value:
            return True
        return wanted in {subtype.strip().casefold() for subtype in self.subtypes} or bool(self.rulings_for(selector))

    def rulings_for(self, selector: str) -> list[SubtypeRuling]:
        """The rulings through which a card text naming ``selector`` means this card: its subtypes that count as it.

        >>> [ruling.entry for ruling in CombatUnit("Ju87", Side.ATTACKER, UnitKind.AIR, 2,
        ...     subtypes=("Jagdbomber",)).rulings_for("Jäger")]
        ['how.jagdbomber']
        """
        wanted = selector.strip().casefold()
        rulings = (SUBTYPE_RULINGS.get(subtype.strip().casefold()) for subtype in self.subtypes)
        return list(dict.fromkeys(ruling for ruling in rulings if ruling is not None and wanted in ruling.counts_as))

    def value_against(self, target: CombatUnit) -> int:
        """The matching attack value against ``target`` (AG-Boden on land units and land upgrades …)."""
        return self.attack.get(target.kind, 0)


@dataclass(frozen=True)
class Block:
    """A block declared in the block phase."""

    blocker: str = field(metadata=means(Kind.REFERENCE, refers_to="units.name"))
    """The defender's unit that blocks."""
    attacker: str = field(metadata=means(Kind.REFERENCE, refers_to="units.name"))
    """The attacking unit it blocks."""


@dataclass(frozen=True)
class FreeAttack:
    """Where an unblocked attacker deals its damage (rule c)."""

    attacker: str = field(metadata=means(Kind.REFERENCE, refers_to="units.name"))
    """The unblocked attacker."""
    target: str = field(metadata=means(Kind.REFERENCE, refers_to="units.name"))
    """Any enemy unit or land upgrade in the land, a blocker included."""


@dataclass(frozen=True)
class Split:
    """How a unit divides one attack value among several targets (rules aa, b; ``how.mehrfachblocks``)."""

    dealer: str = field(metadata=means(Kind.REFERENCE, refers_to="units.name"))
    """The unit whose value is split: an attacker blocked by several units, or a blocker of several attackers."""
    kind: UnitKind
    """The attack value split: the one acting on this kind of unit."""
    shares: dict[str, int]
    """The points each target gets; together exactly the attack value."""


@dataclass(frozen=True)
class ReturnFire:
    """The attacker to which a unit attacked by several unblocked attackers returns a value (cc2, cc3)."""

    unit: str = field(metadata=means(Kind.REFERENCE, refers_to="units.name"))
    """The defender's unit, attacked by several unblocked attackers, that returns damage."""
    to: str = field(metadata=means(Kind.REFERENCE, refers_to="units.name"))
    """The unblocked attacker of that unit that receives the returned value."""


@dataclass(frozen=True)
class ActionDamage:
    """Damage from an action or effect acting in this phase; it is summed with the rest."""

    source: str
    """What deals it (an action card's name, e.g. Sperrschaden Zerstörer)."""
    target: str = field(metadata=means(Kind.REFERENCE, refers_to="units.name"))
    """The card it damages."""
    amount: int
    """Damage points it deals (0 or more)."""
    kind: UnitKind | None = None
    """The kind of unit whose ability deals it, if any (a ship's Sperrschaden is damage from a ship and an action)."""

    def __post_init__(self) -> None:
        check_at_least("amount", self.amount)


@dataclass(frozen=True)
class DamageScenario(PlainHooks):
    """One damage-distribution phase in one land: the cards, the blocks and the players' choices."""

    size_limits: ClassVar[tuple[SizeLimit, ...]] = (
        SizeLimit("units", SCENARIO_CARDS, N_("cards"), N_("list fewer unit cards")),
    )
    """Fields whose cost grows with their size (:mod:`adjudicator.limits`)."""

    units: tuple[CombatUnit, ...]
    """The attacker's declared attackers and the defender's cards in the land."""
    blocks: tuple[Block, ...] = ()
    """Blocks declared in the block phase; an attacker that no unit blocks is unblocked."""
    attacks: tuple[FreeAttack, ...] = ()
    """Targets of unblocked attackers; an unblocked attacker without one deals no damage."""
    splits: tuple[Split, ...] = ()
    """Divisions of a value among several targets; where none is given a default is stated in the trace."""
    returns: tuple[ReturnFire, ...] = ()
    """Choices of the attacker that gets a returned value; default: the first that attacked."""
    declined_returns: tuple[str, ...] = field(default=(), metadata=means(Kind.REFERENCES, refers_to="units.name"))
    """Unlocked units that choose not to return damage (cc2 says "kann")."""
    action_damage: tuple[ActionDamage, ...] = ()
    """Damage from actions and effects in this phase, summed with the units' damage."""

    def __post_init__(self) -> None:
        problems = _validate(self)
        if problems:
            raise InvalidScenario(problems)


@dataclass(frozen=True)
class DamageResult(Summarized):
    """The end of the phase: damage dealt and received, and who is destroyed."""

    destroyed: tuple[str, ...]
    """Destroyed cards, in scenario order (they go to their owner's scrapyard)."""
    survivors: dict[Side, tuple[str, ...]]
    """Surviving cards of each side, in scenario order."""
    destroyed_by_advantage: tuple[str, ...]
    """Cards destroyed by Vorteil! damage alone, which dealt no further damage."""
    dealt: dict[str, dict[str, int]]
    """Dealer → target → damage that counts (after Tarnung! and Vorteil! cancellations)."""
    dealt_total: dict[str, int]
    """Damage each card dealt in all (0 for cards that dealt none)."""
    received: dict[str, int]
    """Damage each card received in all."""
    absorbed_by_markers: dict[str, int]
    """Defence markers each card lost."""
    damage_to_defence: dict[str, int]
    """Damage that reached each card's printed defence."""
    defence_markers_after: dict[str, int]
    """Markers left on each surviving card."""
    defence_markers_next_round: dict[str, int]
    """Markers of surviving Eingraben! cards once raised again between the rounds."""
    locked_by_return: tuple[str, ...]
    """Unlocked cards locked because they returned damage (cc2)."""
    trace: Trace

    def summary_messages(self) -> list[Message]:
        lines = [message("Destroyed: {cards}", cards=", ".join(self.destroyed) or message("none"))]
        for side in Side:
            lines.append(
                message(
                    "Surviving ({side}): {cards}",
                    side=side.value,
                    cards=", ".join(self.survivors[side]) or message("none"),
                )
            )
        return lines


# --- who fights whom ------------------------------------------------------------------------


@dataclass
class _Engagement:
    blockers_of: dict[str, list[str]]
    """Attacker → the units blocking it (declared blocks, then units that draw it)."""
    blocked_by: dict[str, list[str]]
    """Blocker → the attackers it blocks."""
    drawn: dict[str, list[str]]
    """Unblocked attacker → the units whose card text draws its damage (Sonderfall)."""
    free: dict[str, str]
    """Unblocked, undrawn attacker → its chosen target."""


def _engagement(scenario: DamageScenario) -> _Engagement:
    units = {unit.name: unit for unit in scenario.units}
    blockers_of: dict[str, list[str]] = {}
    blocked_by: dict[str, list[str]] = {}
    for block in scenario.blocks:
        blockers_of.setdefault(block.attacker, []).append(block.blocker)
        blocked_by.setdefault(block.blocker, []).append(block.attacker)
    drawn: dict[str, list[str]] = {}
    drawing = [unit for unit in scenario.units if unit.side is Side.DEFENDER and unit.draws_unblocked]
    for attacker in scenario.units:
        if attacker.side is not Side.ATTACKER or attacker.land_upgrade or attacker.name in blockers_of:
            continue
        drawers = [unit.name for unit in drawing if any(attacker.described_by(s) for s in unit.draws_unblocked)]
        if drawers:
            drawn[attacker.name] = drawers
            for name in drawers:
                blockers_of.setdefault(attacker.name, []).append(name)
                blocked_by.setdefault(name, []).append(attacker.name)
    free = {a.attacker: a.target for a in scenario.attacks if a.attacker in units and a.attacker not in blockers_of}
    return _Engagement(blockers_of, blocked_by, drawn, free)


@dataclass
class _Validation:
    """The problems found in a damage scenario, and its units by name."""

    units: dict[str, CombatUnit] = field(default_factory=dict)
    problems: list[ScenarioError] = field(default_factory=list)

    def fail(self, path: str, expected: str | Plural, found: object = ScenarioError._NOTHING, **fields: object) -> None:
        """Record a problem at ``path``: ``expected`` is its template, filled with ``fields``."""
        self.problems.append(ScenarioError(path, expected, found, **fields))

    def known(self, path: str, name: str, side: Side | None = None) -> CombatUnit | None:
        """The unit ``name`` (of ``side``, if given); a problem at ``path`` and None if there is none."""
        unit = self.units.get(name)
        if unit is None:
            self.fail(path, "must name one of the units: {names}", name, names=", ".join(self.units))
        elif side is not None and unit.side is not side:
            template = _OF_SIDE[side]
            self.fail(path, template, name)
            return None
        return unit


_OF_SIDE = {Side.ATTACKER: N_("must be a card of the attacker"), Side.DEFENDER: N_("must be a card of the defender")}


def _validate(scenario: DamageScenario) -> list[ScenarioError]:
    validation = _Validation()
    units = validation.units
    for index, unit in enumerate(scenario.units):
        if unit.name in units:
            validation.fail(f"units.{index}.name", "must be unique in the scenario", unit.name)
        units[unit.name] = unit
    _validate_blocks(scenario, validation)
    engagement = _engagement(scenario)
    _validate_attacks(scenario, engagement, validation)
    _validate_splits(scenario, engagement, validation)
    _validate_returns(scenario, engagement, validation)
    return validation.problems


def _validate_blocks(scenario: DamageScenario, validation: _Validation) -> None:
    """Each block between an unlocked defender and an attacker it may block, within its blocker's limit."""
    units, fail, known = validation.units, validation.fail, validation.known
    seen_blocks: set[tuple[str, str]] = set()
    for index, block in enumerate(scenario.blocks):
        blocker = known(f"blocks.{index}.blocker", block.blocker, Side.DEFENDER)
        attacker = known(f"blocks.{index}.attacker", block.attacker, Side.ATTACKER)
        if blocker is None or attacker is None:
            continue
        if (block.blocker, block.attacker) in seen_blocks:
            fail(f"blocks.{index}", "declares the same block twice", f"{block.blocker} → {block.attacker}")
        seen_blocks.add((block.blocker, block.attacker))
        if blocker.land_upgrade or attacker.land_upgrade:
            fail(f"blocks.{index}", "land upgrades neither attack nor block", f"{block.blocker} → {block.attacker}")
        if blocker.locked:
            fail(f"blocks.{index}.blocker", "must be unlocked to block", block.blocker)
        if attacker.kind is not blocker.kind and attacker.kind not in blocker.can_block:
            fail(
                f"blocks.{index}",
                "{blocker} ({blocker_kind}) may block {attacker} ({attacker_kind}) only where its card allows it "
                "(can block)",
                f"{block.blocker} → {block.attacker}",
                blocker=block.blocker,
                blocker_kind=blocker.kind.label,
                attacker=block.attacker,
                attacker_kind=attacker.kind.label,
            )
        if any(blocker.described_by(s) for s in attacker.camouflage_against if s != ACTION):
            fail(
                f"blocks.{index}",
                "{attacker} has Tarnung! against {blocker} and cannot be blocked by it",
                f"{block.blocker} → {block.attacker}",
                attacker=block.attacker,
                blocker=block.blocker,
            )
    for name, count in Counter(block.blocker for block in scenario.blocks).items():
        multi = units.get(name)
        if multi is not None and count > multi.max_blocked:
            fail(
                "blocks",
                N_plural(
                    "{name} may block {count} attacker (max blocked)",
                    "{name} may block {count} attackers (max blocked)",
                ),
                count,
                name=name,
                count=multi.max_blocked,
            )


def _validate_attacks(scenario: DamageScenario, engagement: _Engagement, validation: _Validation) -> None:
    """Each unblocked attacker's one target: an enemy it may damage, the card that draws its damage if any."""
    units, fail, known = validation.units, validation.fail, validation.known
    attacked_by: set[str] = set()
    for index, attack in enumerate(scenario.attacks):
        attacker = known(f"attacks.{index}.attacker", attack.attacker, Side.ATTACKER)
        target = units.get(attack.target)
        if target is None:
            fail(
                f"attacks.{index}.target", "must name one of the units: {names}", attack.target, names=", ".join(units)
            )
        if attacker is None or target is None:
            continue
        if attacker.land_upgrade:
            fail(f"attacks.{index}.attacker", "land upgrades neither attack nor block", attack.attacker)
        if attack.attacker in attacked_by:
            fail(
                f"attacks.{index}.attacker",
                "an unblocked attacker deals its damage to one target (rule c)",
                attack.attacker,
            )
        attacked_by.add(attack.attacker)
        if target.side is attacker.side:
            fail(f"attacks.{index}.target", "damage may never be dealt to one's own cards", attack.target)
        elif attack.attacker in engagement.drawn:
            drawing = engagement.drawn[attack.attacker]
            if attack.target not in drawing:
                fail(
                    f"attacks.{index}.target",
                    N_plural(
                        "must be {units}, whose card text draws the damage of unblocked attackers (the Sonderfall of "
                        "the damage distribution phase)",
                        "must be one of {units}, whose card texts draw the damage of unblocked attackers (the "
                        "Sonderfall of the damage distribution phase)",
                    ),
                    attack.target,
                    units=", ".join(drawing),
                    count=len(drawing),
                )
        elif attack.attacker in engagement.blockers_of:
            fail(
                f"attacks.{index}.attacker",
                "is blocked, so it deals damage only to its blockers (rules a, b)",
                attack.attacker,
            )
        elif target.kind is not attacker.kind and target.kind not in attacker.initiative:
            fail(
                f"attacks.{index}.target",
                "{attacker} ({attacker_kind}) may damage {target} ({target_kind}) only with Initiative! {target_kind}",
                attack.target,
                attacker=attack.attacker,
                target=attack.target,
                attacker_kind=attacker.kind.label,
                target_kind=target.kind.label,
            )
        elif any(target.described_by(s) for s in attacker.cannot_attack):
            fail(
                f"attacks.{index}.target",
                "{attacker}'s card says it cannot attack this target",
                attack.target,
                attacker=attack.attacker,
            )


def _validate_splits(scenario: DamageScenario, engagement: _Engagement, validation: _Validation) -> None:
    """Each split of an attack value among the units its dealer fights, adding up to the value."""
    units, fail, known = validation.units, validation.fail, validation.known
    split_keys: set[tuple[str, UnitKind]] = set()
    for index, split in enumerate(scenario.splits):
        dealer = known(f"splits.{index}.dealer", split.dealer)
        if dealer is None:
            continue
        if (split.dealer, split.kind) in split_keys:
            fail(f"splits.{index}", "splits the same value twice", f"{split.dealer} {ATTACK_VALUE_NAME[split.kind]}")
        split_keys.add((split.dealer, split.kind))
        opponents = engagement.blockers_of.get(split.dealer, []) + engagement.blocked_by.get(split.dealer, [])
        eligible = [name for name in opponents if units[name].kind is split.kind]
        for share_target, points in split.shares.items():
            if share_target not in eligible:
                fail(
                    f"splits.{index}.shares.{share_target}",
                    "must be one of the {kind} units {dealer} fights: {units}",
                    share_target,
                    kind=split.kind.label,
                    dealer=split.dealer,
                    units=", ".join(eligible) or N_("none"),
                )
            if points < 0:
                fail(f"splits.{index}.shares.{share_target}", "must be 0 or more", points)
        value = dealer.attack.get(split.kind, 0)
        if sum(split.shares.values()) != value:
            fail(
                f"splits.{index}.shares",
                "must add up to {dealer}'s {value_name} of {value}: each value is dealt exactly once",
                sum(split.shares.values()),
                dealer=split.dealer,
                value_name=ATTACK_VALUE_NAME[split.kind],
                value=value,
            )


def _validate_returns(scenario: DamageScenario, engagement: _Engagement, validation: _Validation) -> None:
    """Each damage returned to an unblocked attacker of the unit, each declined return, each action's damage."""
    units, fail, known = validation.units, validation.fail, validation.known
    for index, choice in enumerate(scenario.returns):
        if known(f"returns.{index}.unit", choice.unit, Side.DEFENDER) is None:
            continue
        attackers = [a for a, t in engagement.free.items() if t == choice.unit]
        if choice.to not in attackers:
            fail(
                f"returns.{index}.to",
                "must be an unblocked attacker of {unit}: {attackers}",
                choice.to,
                unit=choice.unit,
                attackers=", ".join(attackers) or N_("none"),
            )
    for index, name in enumerate(scenario.declined_returns):
        known(f"declined_returns.{index}", name, Side.DEFENDER)
    for index, damage in enumerate(scenario.action_damage):
        known(f"action_damage.{index}.target", damage.target)
        if damage.source in units:
            fail(f"action_damage.{index}.source", "must not be the name of one of the units", damage.source)


# --- the damage items -----------------------------------------------------------------------


@dataclass
class _Damage:
    dealer: str
    target: str
    amount: int
    sturm: bool = False
    advantage: bool = False
    prevented: bool = False
    cancelled: bool = False


@dataclass(frozen=True)
class _Settled:
    """What the damage did to one card."""

    received: int
    storm: int
    """Of it, Sturm! damage."""
    markers_lost: int
    on_defence: int
    """Damage that reached the printed defence."""
    destroyed: bool


class _Phase:
    """The working state of one evaluation."""

    def __init__(self, scenario: DamageScenario) -> None:
        self.scenario = scenario
        self.units = {unit.name: unit for unit in scenario.units}
        self.engagement = _engagement(scenario)
        self.splits = {(split.dealer, split.kind): split for split in scenario.splits}
        self.action_kinds = {damage.source: damage.kind for damage in scenario.action_damage}
        self.items: list[_Damage] = []
        self.trace = TraceBuilder()

    def markers(self, unit: CombatUnit) -> int:
        """Markers that still protect ``unit``: an attacker lost its markers when it attacked."""
        return 0 if unit.side is Side.ATTACKER else unit.defence_markers

    def deal(self, dealer: CombatUnit, target: CombatUnit, amount: int) -> None:
        self.items.append(_Damage(dealer.name, target.name, amount, sturm=dealer.sturm))

    def allocate(self, dealer: CombatUnit, kind: UnitKind, targets: list[CombatUnit], rule: str) -> None:
        """Deal ``dealer``'s value against ``kind`` to ``targets``: wholly, by the stated split, or by default."""
        value = dealer.attack.get(kind, 0)
        names = ", ".join(t.name for t in targets)
        if value == 0:
            self.trace.add(
                rule,
                "{dealer} has no {value_name}, so it deals no damage to {targets}",
                dealer=dealer.name,
                value_name=ATTACK_VALUE_NAME[kind],
                targets=names,
            )
            return
        if len(targets) == 1:
            self.deal(dealer, targets[0], value)
            self.trace.add(
                rule,
                "{dealer} deals its {value_name} {value} to {target}",
                dealer=dealer.name,
                value_name=ATTACK_VALUE_NAME[kind],
                value=value,
                target=targets[0].name,
            )
            return
        split = self.splits.get((dealer.name, kind))
        if split is not None:
            shares = {t.name: split.shares.get(t.name, 0) for t in targets}
            choice = "as the player splits it"
        else:
            shares = {}
            left = value
            for target in targets:
                need = target.defence if dealer.sturm else target.defence + target.defence_bonus + self.markers(target)
                shares[target.name] = min(left, need)
                left -= shares[target.name]
            shares[targets[-1].name] += left
            choice = "no split given: by default each in turn gets what destroys it, the rest to the last"
        for target in targets:
            if shares[target.name]:
                self.deal(dealer, target, shares[target.name])
        self.trace.add(
            rule,
            "{dealer} splits its {value_name} {value} among {targets} ({choice}): {shares}",
            dealer=dealer.name,
            value_name=ATTACK_VALUE_NAME[kind],
            value=value,
            targets=names,
            choice=choice,
            shares=", ".join(f"{name} {points}" for name, points in shares.items()),
        )

    def blocked_attackers(self) -> None:
        """Rules a, b and how.mehrfachblocks: a blocked attacker deals each value among the blockers of that type."""
        for attacker in self.scenario.units:
            blockers = [self.units[name] for name in self.engagement.blockers_of.get(attacker.name, [])]
            if not blockers:
                continue
            for name in self.engagement.drawn.get(attacker.name, []):
                self.trace.add(
                    PHASE,
                    "{attacker} is unblocked, but {unit}'s card text draws its damage: it deals it to {unit} as if "
                    "blocked by it (Sonderfall: card text before rule text, even before 'cannot attack')",
                    attacker=attacker.name,
                    unit=name,
                )
            kinds = [kind for kind in UnitKind if any(b.kind is kind for b in blockers)]
            if len(kinds) > 1:
                self.trace.add(
                    MULTI_BLOCK,
                    "{attacker} is blocked by units of several types ({kinds}): it deals each attack value exactly "
                    "once, split only among the blockers of that type",
                    attacker=attacker.name,
                    kinds=MessageList(tuple(message("{kind}", kind=kind.label) for kind in kinds)),
                )
            rule = PHASE if len(kinds) == 1 else MULTI_BLOCK
            if len(blockers) == 1:
                self.trace.add(
                    PHASE,
                    N_(
                        "rule a: {attacker} is treated as blocked by {blocker} and deals its matching attack value "
                        "to it"
                    )
                    if attacker.name in self.engagement.drawn
                    else N_("rule a: {attacker} was blocked by {blocker} and deals its matching attack value to it"),
                    attacker=attacker.name,
                    blocker=blockers[0].name,
                )
            else:
                self.trace.add(
                    PHASE,
                    "rule b: {attacker} was blocked by {count} units ({blockers}) and deals each matching attack "
                    "value, split if need be, among them",
                    attacker=attacker.name,
                    count=len(blockers),
                    blockers=", ".join(b.name for b in blockers),
                )
            for kind in kinds:
                self.allocate(attacker, kind, [b for b in blockers if b.kind is kind], rule)

    def blockers(self) -> None:
        """Rules aa and bb: each blocker deals its matching value to the attacker(s) it blocks."""
        for blocker in self.scenario.units:
            attackers = [self.units[name] for name in self.engagement.blocked_by.get(blocker.name, [])]
            if not attackers:
                continue
            if len(attackers) > 1:
                self.trace.add(
                    PHASE,
                    "rule aa: {blocker} blocks {count} attackers ({attackers}) and may split its attack value among "
                    "them",
                    blocker=blocker.name,
                    count=len(attackers),
                    attackers=", ".join(a.name for a in attackers),
                )
            else:
                several = len(self.engagement.blockers_of[attackers[0].name]) > 1
                self.trace.add(
                    PHASE,
                    "rule {letter}: {blocker} deals its matching attack value to {attacker}, which it blocks",
                    letter="bb" if several else "aa",
                    blocker=blocker.name,
                    attacker=attackers[0].name,
                )
            for kind in UnitKind:
                targets = [a for a in attackers if a.kind is kind]
                if targets:
                    self.allocate(blocker, kind, targets, PHASE)

    def unblocked_attackers(self) -> None:
        """Rule c, then cc1–cc3: the free attacks and what their targets give back."""
        for attacker in self.scenario.units:
            if (
                attacker.side is not Side.ATTACKER
                or attacker.land_upgrade
                or attacker.name in self.engagement.blockers_of
            ):
                continue
            target_name = self.engagement.free.get(attacker.name)
            if target_name is None:
                self.trace.add(
                    PHASE,
                    "rule c: {attacker} is unblocked and the scenario gives it no target, so it deals no damage",
                    attacker=attacker.name,
                )
                continue
            target = self.units[target_name]
            value = attacker.value_against(target)
            if target.kind is not attacker.kind:
                self.trace.add(
                    INITIATIVE,
                    "{attacker} has Initiative! {kind}, so as an unblocked attacker it may damage {target}",
                    attacker=attacker.name,
                    kind=target.kind.value,
                    target=target.name,
                )
            self.trace.add(
                PHASE,
                "rule c: {attacker} is unblocked and deals its {value_name} {value} to {target}",
                attacker=attacker.name,
                value_name=ATTACK_VALUE_NAME[target.kind],
                value=value,
                target=target.name,
            )
            if value:
                self.deal(attacker, target, value)
        chosen = {choice.unit: choice.to for choice in self.scenario.returns}
        attackers_of: dict[str, list[CombatUnit]] = {}
        for attacker_name, target_name in self.engagement.free.items():
            attackers_of.setdefault(target_name, []).append(self.units[attacker_name])
        for target in self.scenario.units:
            if target.name in attackers_of:
                self.return_fire(target, attackers_of[target.name], chosen.get(target.name))

    def return_fire(self, target: CombatUnit, attackers: list[CombatUnit], chosen: str | None) -> None:
        names = ", ".join(a.name for a in attackers)
        blocked = [self.units[name] for name in self.engagement.blocked_by.get(target.name, [])]
        if target.land_upgrade:
            self.trace.add(PHASE, "{target} is a land upgrade and returns no damage", target=target.name)
            return
        if blocked:
            used = {a.kind for a in blocked}
            self.trace.add(
                PHASE,
                "rule cc3: {target} blocks {blocked}, so to {attackers} it can return only a matching attack value it "
                "did not use against the unit it blocks",
                target=target.name,
                blocked=", ".join(a.name for a in blocked),
                attackers=names,
            )
        elif target.locked:
            self.trace.add(
                PHASE,
                "rule cc1: {target} was locked earlier, not for blocking, so it returns no damage to {attackers}",
                target=target.name,
                attackers=names,
            )
            return
        elif target.name in self.scenario.declined_returns:
            self.trace.add(
                PHASE, "rule cc2: {target} is unlocked and may return damage, but chooses not to", target=target.name
            )
            return
        else:
            used = set()
        returned = False
        for kind in UnitKind:
            candidates = [a for a in attackers if a.kind is kind]
            if not candidates:
                continue
            value_name = ATTACK_VALUE_NAME[kind]
            if kind in used:
                self.trace.add(
                    PHASE,
                    "rule cc3: {target} already used its {value_name} against the unit it blocks, so it returns "
                    "nothing to {attackers}",
                    target=target.name,
                    value_name=value_name,
                    attackers=", ".join(a.name for a in candidates),
                )
                continue
            value = target.attack.get(kind, 0)
            if value == 0:
                self.trace.add(
                    PHASE,
                    "{target} has no {value_name} to return to {attackers}",
                    target=target.name,
                    value_name=value_name,
                    attackers=", ".join(a.name for a in candidates),
                )
                continue
            receiver = next((a for a in candidates if a.name == chosen), candidates[0])
            rule_name = "cc3" if blocked else "cc2"
            if len(candidates) > 1:
                how = (
                    N_("as the player chooses")
                    if receiver.name == chosen
                    else N_("by default to the first that attacked it")
                )
                self.trace.add(
                    PHASE,
                    "rule cc2: with several unblocked attackers ({attackers}) {target} returns its {value_name} "
                    "{value} whole to one of them, {how}: {receiver}",
                    attackers=", ".join(a.name for a in candidates),
                    target=target.name,
                    value_name=value_name,
                    value=value,
                    how=how,
                    receiver=receiver.name,
                )
            else:
                self.trace.add(
                    PHASE,
                    "rule {letter}: {target} returns its {value_name} {value} to {receiver}",
                    letter=rule_name,
                    target=target.name,
                    value_name=value_name,
                    value=value,
                    receiver=receiver.name,
                )
            self.deal(target, receiver, value)
            returned = True
        if returned and not blocked:
            self.trace.add(PHASE, "rule cc2: {target} returned damage, so it must be locked", target=target.name)

    def actions(self) -> None:
        for damage in self.scenario.action_damage:
            self.items.append(_Damage(damage.source, damage.target, damage.amount))
            self.trace.add(
                PHASE,
                "{source} deals {amount} damage to {target}; damage from actions and effects is summed with the rest",
                source=damage.source,
                amount=damage.amount,
                target=damage.target,
            )

    def camouflage(self) -> None:
        """Tarnung!: damage from the named unit types (or actions) is prevented."""
        for item in self.items:
            target = self.units[item.target]
            dealer = self.units.get(item.dealer)
            action_kind = self.action_kinds.get(item.dealer)
            for selector in target.camouflage_against:
                wanted = selector.strip().casefold()
                if dealer is not None:
                    hit = dealer.described_by(selector)
                else:
                    hit = wanted == ACTION or (action_kind is not None and wanted == action_kind.value)
                if hit and item.amount:
                    item.prevented = True
                    self.trace.add(
                        CAMOUFLAGE,
                        "{target} has Tarnung! against {selector}: the {amount} damage from {dealer} is prevented",
                        target=target.name,
                        selector=_selector_word(selector),
                        amount=item.amount,
                        dealer=item.dealer,
                    )
                    break

    def mark_advantage(self) -> None:
        """Vorteil!: which damage is dealt first, and simultaneous when both sides have it."""
        for item in self.items:
            dealer = self.units.get(item.dealer)
            if dealer is None or item.prevented:
                continue
            target = self.units[item.target]
            selector = next((s for s in dealer.advantage_against if target.described_by(s)), None)
            if selector is None:
                continue
            item.advantage = True
            for ruling in target.rulings_for(selector):
                self.trace.add(ruling.entry, ruling.explanation, target=target.name)
            self.trace.add(
                ADVANTAGE,
                "{dealer} has Vorteil! against {selector}: its {amount} damage to {target} is dealt first, before the "
                "end of the phase",
                dealer=dealer.name,
                selector=_selector_word(selector),
                amount=item.amount,
                target=target.name,
            )
        advantage_pairs = {(item.dealer, item.target) for item in self.items if item.advantage}
        for item in self.items:
            if item.advantage and (item.target, item.dealer) in advantage_pairs:
                if item.dealer < item.target:
                    self.trace.add(
                        ADVANTAGE,
                        "{a} and {b} both have Vorteil! against each other: they deal it simultaneously, neither "
                        "cancels the other",
                        a=item.dealer,
                        b=item.target,
                    )

    def settle(self, items: list[_Damage]) -> dict[str, _Settled]:
        """What ``items`` do to each card they hit."""
        plain_by_target: dict[str, int] = {}
        storm_by_target: dict[str, int] = {}
        for item in items:
            by_target = storm_by_target if item.sturm else plain_by_target
            by_target[item.target] = by_target.get(item.target, 0) + item.amount
        outcome: dict[str, _Settled] = {}
        for unit in self.scenario.units:
            if unit.name not in plain_by_target and unit.name not in storm_by_target:
                continue
            plain = plain_by_target.get(unit.name, 0)
            storm = storm_by_target.get(unit.name, 0)
            markers_lost = min(plain, self.markers(unit))
            bonus_used = min(plain - markers_lost, unit.defence_bonus)
            on_defence = plain - markers_lost - bonus_used + storm
            outcome[unit.name] = _Settled(plain + storm, storm, markers_lost, on_defence, on_defence >= unit.defence)
        return outcome


def evaluate_damage(scenario: DamageScenario) -> DamageResult:
    """Settle one damage-distribution phase: the damage items, Vorteil! first, then the end of the phase."""
    phase = _Phase(scenario)
    trace = phase.trace
    for unit in scenario.units:
        if unit.side is Side.ATTACKER and unit.defence_markers and not unit.land_upgrade:
            trace.add(
                MARKERS,
                "{unit} attacked, so its {markers} defence markers were removed at the start of the following phase",
                unit=unit.name,
                markers=unit.defence_markers,
            )
    trace.add(
        PHASE,
        "the units in combat deal damage with the matching attack value: AG-Boden on land units, AG-Luft on aircraft, "
        "AG-See on ships; all damage is summed and settled at the end of the phase",
    )
    phase.blocked_attackers()
    phase.blockers()
    phase.unblocked_attackers()
    phase.actions()
    phase.camouflage()
    phase.mark_advantage()

    counting, final, destroyed_first = _settle_with_advantage(phase)
    destroyed = _destroyed(scenario, final, trace)
    gone = set(destroyed)
    untouched = _Settled(0, 0, 0, 0, False)
    survivors = {side: tuple(u.name for u in scenario.units if u.side is side and u.name not in gone) for side in Side}
    markers_after, next_round = _markers_after(scenario, phase, final, gone)
    dealt: dict[str, dict[str, int]] = {}
    for item in counting:
        dealt.setdefault(item.dealer, {})
        dealt[item.dealer][item.target] = dealt[item.dealer].get(item.target, 0) + item.amount
    dealers = [u.name for u in scenario.units] + [d.source for d in scenario.action_damage]
    dealt_total = {name: sum(dealt.get(name, {}).values()) for name in dict.fromkeys(dealers)}
    returned = {
        i.dealer
        for i in counting
        if i.dealer in phase.units
        and phase.units[i.dealer].side is Side.DEFENDER
        and phase.engagement.free.get(i.target) == i.dealer
    }
    locked = tuple(u.name for u in scenario.units if u.name in returned and u.name not in phase.engagement.blocked_by)
    return DamageResult(
        destroyed=tuple(destroyed),
        survivors=survivors,
        destroyed_by_advantage=tuple(destroyed_first),
        dealt=dealt,
        dealt_total=dealt_total,
        received={u.name: final.get(u.name, untouched).received for u in scenario.units},
        absorbed_by_markers={u.name: final.get(u.name, untouched).markers_lost for u in scenario.units},
        damage_to_defence={u.name: final.get(u.name, untouched).on_defence for u in scenario.units},
        defence_markers_after=markers_after,
        defence_markers_next_round=next_round,
        locked_by_return=locked,
        trace=trace.build(),
    )


def _settle_with_advantage(phase: _Phase) -> tuple[list[_Damage], dict[str, _Settled], list[str]]:
    """Vorteil! damage settled first; a unit it destroys deals no further damage; then the rest.

    Returns the damage items that count, how each unit ends up, and the units Vorteil! damage destroyed."""
    trace = phase.trace
    counting = [i for i in phase.items if not i.prevented]
    first = phase.settle([i for i in counting if i.advantage])
    destroyed_first = [name for name, settled in first.items() if settled.destroyed]
    by_dealer: dict[str, list[_Damage]] = {}
    for item in counting:
        by_dealer.setdefault(item.dealer, []).append(item)
    for name in destroyed_first:
        cancelled = [i for i in by_dealer.get(name, []) if not i.advantage]
        for item in cancelled:
            item.cancelled = True
        trace.add(
            ADVANTAGE,
            N_(
                "{unit} is destroyed by Vorteil! damage alone, so it deals no further damage (its {amount} damage is "
                "cancelled)"
            )
            if cancelled
            else N_("{unit} is destroyed by Vorteil! damage alone, so it deals no further damage"),
            unit=name,
            amount=sum(i.amount for i in cancelled),
        )
    if any(i.advantage for i in counting):
        trace.add(ADVANTAGE, "then the damage dealt without Vorteil! is settled")
    counting = [i for i in counting if not i.cancelled]
    final = phase.settle(counting)
    return counting, final, destroyed_first


def _destroyed(scenario: DamageScenario, final: dict[str, _Settled], trace: TraceBuilder) -> list[str]:
    """The damage each unit receives, through its markers onto its printed defence; returns the units destroyed."""
    destroyed: list[str] = []
    for unit in scenario.units:
        settled = final.get(unit.name)
        if settled is None:
            continue
        if settled.storm:
            trace.add(
                STURM,
                "{storm} of the damage to {unit} comes from Sturm! units: it ignores the defence markers and bonuses, "
                "goes straight onto the printed defence and never reduces the markers",
                storm=settled.storm,
                unit=unit.name,
            )
        if settled.markers_lost:
            trace.add(
                MARKERS,
                "{unit}'s defence markers take the other damage first, one marker per point: {lost} of its {markers} "
                "markers are removed",
                unit=unit.name,
                lost=settled.markers_lost,
                markers=unit.defence_markers,
            )
        trace.add(
            DEFENCE,
            "{unit} receives {received} damage, {on_defence} of it on its printed defence {defence}: {verdict}",
            unit=unit.name,
            received=settled.received,
            on_defence=settled.on_defence,
            defence=unit.defence,
            verdict=N_("destroyed (scrapyard)")
            if settled.destroyed
            else N_("it survives and has its full defence again next phase"),
        )
        if settled.destroyed:
            destroyed.append(unit.name)
    trace.add(
        DAMAGE,
        "destruction is checked at the end of the phase: destroyed {destroyed}",
        destroyed=", ".join(destroyed) or N_("none"),
    )
    return destroyed


def _markers_after(
    scenario: DamageScenario, phase: _Phase, final: dict[str, _Settled], gone: set[str]
) -> tuple[dict[str, int], dict[str, int]]:
    """Each surviving unit's defence markers after the phase, and those Eingraben! restores for the next round."""
    trace = phase.trace
    untouched = _Settled(0, 0, 0, 0, False)
    markers_after = {}
    next_round = {}
    for unit in scenario.units:
        if unit.name in gone:
            continue
        markers_after[unit.name] = phase.markers(unit) - final.get(unit.name, untouched).markers_lost
        if unit.dig_in and not unit.land_upgrade and unit.marker_limit is not None:
            next_round[unit.name] = unit.marker_limit
            trace.add(
                DIG_IN,
                "{unit} has Eingraben!: between the rounds its markers go back up to {limit} while it is in a land "
                "(not in the deployment zone)",
                unit=unit.name,
                limit=unit.marker_limit,
            )
    return markers_after, next_round


CALCULATORS = (
    Calculator(
        name="damage",
        label=N_("Damage distribution"),
        title=(
            "Hell of a War: the damage-distribution phase "
            "— blocks, Vorteil!, Sturm!, markers, Tarnung!, who is destroyed"
        ),
        scenario=DamageScenario,
        evaluate=evaluate_damage,
        games=("hell-of-a-war",),
    ),
)
