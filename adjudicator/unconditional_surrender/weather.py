"""Bad weather in combat (11.1–11.4): result shifts, the defender's shift, air shifts, Blitz attacks.

Game: Unconditional Surrender! (service rules; source ``002_14e02d87786a9df7.txt``,
Russian). Entries implemented:

- ``us.8`` — three kinds of bad weather (mud, storms, snow), each for the
  weather area(s) the turn track names (the map's weather per area:
  :attr:`adjudicator.unconditional_surrender.hexmap.HexMap.weather`).
- ``us.11-1`` — in a hex affected by mud, storms or snow: Dr3 → Dr2, Dr2 → Dr1,
  Dr1 → Ex; Ex, Ar1 and loss results unchanged.
- ``us.11-2`` (mud) — air units cannot be placed in the hex and give no shift;
  the defender gets one shift to the left; no Blitz attack on the hex.
- ``us.11-3`` (storms) — no Blitz attack; air units give no shift from an
  adjacent hex, but do from the hex itself.
- ``us.11-4`` (snow) — air as in storms; only German SS units, German units
  attacking from a hex with or next to SS units, Finnish, Soviet, Swedish and
  Siberian (RCG) units may attack a snow hex in the Blitz Combat Segment;
  support units cannot become a beachhead in the North or Baltic Sea; an ice
  hex is neither a Naval Base nor an Open Port.

The movement effects of weather (8.1.1 Mud, Storms/Snow with EZOC) are queries of
:mod:`adjudicator.unconditional_surrender.zoc`; the ice-port effect on supply lines is applied by
:mod:`adjudicator.unconditional_surrender.supply`. The combat results table itself is not part of this
source: results are the codes it names, and ``loss`` stands for any loss result.

>>> shift_result(CombatResult.DR3, Weather.SNOW)
<CombatResult.DR2: 'Dr2'>
>>> shift_result(CombatResult.AR1, Weather.MUD)
<CombatResult.AR1: 'Ar1'>
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from adjudicator.messages import N_, Message, MessageList, Summarized, message
from adjudicator.registry import Calculator
from adjudicator.trace import Trace, TraceBuilder
from adjudicator.unconditional_surrender.hexmap import Nationality, Weather

__all__ = [
    "BAD_WEATHER",
    "CALCULATORS",
    "AirPosition",
    "BlitzAttacker",
    "CombatResult",
    "CombatSegment",
    "SeaArea",
    "WeatherResult",
    "WeatherScenario",
    "evaluate_weather",
    "shift_result",
]

BAD_WEATHER = {Weather.MUD: "us.11-2", Weather.STORM: "us.11-3", Weather.SNOW: "us.11-4"}
"""Each kind of bad weather and the section with its effects."""


class CombatResult(enum.Enum):
    """Combat result codes named in 11.1 (``loss``: any loss result)."""

    DR3 = "Dr3"
    DR2 = "Dr2"
    DR1 = "Dr1"
    EX = "Ex"
    AR1 = "Ar1"
    LOSS = "loss"


_REDUCED = {CombatResult.DR3: CombatResult.DR2, CombatResult.DR2: CombatResult.DR1, CombatResult.DR1: CombatResult.EX}


class AirPosition(enum.Enum):
    """Where the air units giving a shift are."""

    NONE = "none"
    ADJACENT = "adjacent"
    IN_HEX = "in-hex"


class CombatSegment(enum.Enum):
    """The combat segment of the attack."""

    REGULAR = "regular"
    BLITZ = "blitz"


class SeaArea(enum.Enum):
    """Where support units would convert into a beachhead (11.4)."""

    NORTH_SEA = "north-sea"
    BALTIC_SEA = "baltic-sea"
    OTHER = "other"


@dataclass(frozen=True)
class BlitzAttacker:
    """A unit attacking in the Blitz Combat Segment (for 11.4)."""

    id: str
    """Unit id (e.g. ``ger-4-pz``), naming it in the list of units allowed to attack."""
    nationality: str
    """Country id (``germany``, ``finland``, ``ussr``, ``sweden`` … are the ones 11.4 names)."""
    ss: bool = False
    """A German SS unit."""
    with_or_beside_ss: bool = False
    """Attacks from a hex with SS units or adjacent to SS units."""
    siberian: bool = False
    """A Siberian (RCG) unit."""


@dataclass(frozen=True)
class WeatherScenario:
    """One attack on a hex, and the weather in that hex."""

    weather: Weather
    """Weather in the defender's hex this turn."""
    result: CombatResult | None = None
    """The combat result rolled, to be adjusted (11.1)."""
    air: AirPosition = AirPosition.NONE
    """Where the air units that would give a shift are."""
    segment: CombatSegment = CombatSegment.REGULAR
    """The combat segment."""
    attackers: tuple[BlitzAttacker, ...] = ()
    """The attacking units (needed for a Blitz attack in snow)."""
    beachhead_in: SeaArea | None = None
    """Support units would convert into a beachhead in this sea (11.4)."""
    ice_hex: bool = False
    """The hex is an ice hex (11.4: Naval Base / Open Port)."""


@dataclass(frozen=True)
class WeatherResult(Summarized):
    """What the weather changes for this attack."""

    weather: Weather
    result: CombatResult | None
    """The result as rolled."""
    adjusted_result: CombatResult | None
    """The result after 11.1."""
    defender_left_shifts: int
    """Shifts to the left on the battle table the defender receives (11.2)."""
    air_may_be_placed: bool
    """Air units may be placed in the hex (11.2)."""
    air_shift_allowed: bool | None
    """The weather lets the air units give their shift (none when no air units take part)."""
    blitz_attack_allowed: bool | None
    """The hex may be attacked in the Blitz Combat Segment (none outside Blitz)."""
    blitz_attackers: tuple[str, ...]
    """Attackers that may take part in the Blitz attack."""
    beachhead_allowed: bool | None
    """Support units may convert into a beachhead there (none when not asked)."""
    open_port_or_naval_base: bool | None
    """An ice hex may count as an Open Port or Naval Base (none when not an ice hex)."""
    trace: Trace

    def summary_messages(self) -> list[Message]:
        lines = [message("weather: {weather}", weather=self.weather.value)]
        if self.result is not None:
            lines.append(
                message(
                    "result {result} → {adjusted}",
                    result=self.result.value,
                    adjusted=self.adjusted_result.value if self.adjusted_result else "-",
                )
            )
        if self.defender_left_shifts:
            lines.append(message("defender: {shifts} shift to the left", shifts=self.defender_left_shifts))
        if self.air_shift_allowed is not None:
            lines.append(message("air shift: yes") if self.air_shift_allowed else message("air shift: no"))
        if self.blitz_attack_allowed is not None:
            lines.append(
                message(
                    "Blitz attack: allowed for {units}",
                    units=MessageList(tuple(message("{unit}", unit=unit) for unit in self.blitz_attackers)),
                )
                if self.blitz_attack_allowed
                else message("Blitz attack: not allowed")
            )
        return lines


def shift_result(result: CombatResult, weather: Weather) -> CombatResult:
    """The combat result after 11.1 in a hex with ``weather``."""
    if weather is Weather.CLEAR:
        return result
    return _REDUCED.get(result, result)


def _blitz_eligible(attacker: BlitzAttacker) -> str | None:
    """Why ``attacker`` may attack a snow hex in Blitz (11.4), or ``None``."""
    if attacker.nationality == Nationality.GERMANY and attacker.ss:
        return N_("a German SS unit")
    if attacker.nationality == Nationality.GERMANY and attacker.with_or_beside_ss:
        return N_("a German unit attacking from a hex with or next to SS units")
    if attacker.siberian:
        return N_("a Siberian (RCG) unit")
    names = {
        Nationality.FINLAND: N_("a Finnish unit"),
        Nationality.USSR: N_("a Soviet unit"),
        Nationality.SWEDEN: N_("a Swedish unit"),
    }
    return names.get(attacker.nationality)


def evaluate_weather(scenario: WeatherScenario) -> WeatherResult:
    """Apply 11.1–11.4 to one attack."""
    builder = TraceBuilder()
    weather = scenario.weather
    section = BAD_WEATHER.get(weather)
    if section is None:
        builder.add("us.8", "clear weather: no bad-weather rule applies to the hex")
    else:
        builder.add(
            "us.8", "the hex is affected by {weather} (bad weather of its area this turn)", weather=weather.value
        )
    adjusted = None
    if scenario.result is not None:
        adjusted = shift_result(scenario.result, weather)
        if section is None:
            builder.add(
                "us.11-1", "{result} stands: results change only in mud, storms or snow", result=scenario.result.value
            )
        elif adjusted is not scenario.result:
            builder.add(
                "us.11-1",
                "{result} becomes {adjusted} in a hex affected by {weather}",
                result=scenario.result.value,
                adjusted=adjusted.value,
                weather=weather.value,
            )
        else:
            builder.add(
                "us.11-1",
                "{result} is not changed (Ex, Ar1 and loss results are not changed)",
                result=scenario.result.value,
            )
    left = 1 if weather is Weather.MUD else 0
    if left:
        builder.add("us.11-2", "the defender in a mud hex receives one shift to the left on the battle table")
    air_placed = weather is not Weather.MUD
    if not air_placed:
        builder.add("us.11-2", "air units cannot be placed in a hex with mud")
    air_shift: bool | None = None
    if scenario.air is not AirPosition.NONE:
        if weather is Weather.MUD:
            air_shift = False
            builder.add("us.11-2", "air units give no shift on the battle table in a mud hex")
        elif weather in (Weather.STORM, Weather.SNOW):
            air_shift = scenario.air is AirPosition.IN_HEX
            builder.add(
                BAD_WEATHER[weather],
                N_("air units in the hex itself give a shift on the battle table in a {weather} hex")
                if air_shift
                else N_("air units in an adjacent hex do not give a shift on the battle table in a {weather} hex"),
                weather=weather.value,
            )
        else:
            air_shift = True
            builder.add("us.8", "clear weather does not stop air units giving a shift")
    blitz, allowed = _blitz(scenario, builder)
    beachhead: bool | None = None
    if scenario.beachhead_in is not None:
        beachhead = not (weather is Weather.SNOW and scenario.beachhead_in in (SeaArea.NORTH_SEA, SeaArea.BALTIC_SEA))
        if not beachhead:
            builder.add("us.11-4", "in snow, support units cannot convert into a beachhead in the North or Baltic Sea")
    port: bool | None = None
    if scenario.ice_hex:
        port = weather is not Weather.SNOW
        if not port:
            builder.add("us.11-4", "in snow an ice hex cannot count as a Naval Base or an Open Port")
    return WeatherResult(
        weather,
        scenario.result,
        adjusted,
        left,
        air_placed,
        air_shift,
        blitz,
        allowed,
        beachhead,
        port,
        builder.build(),
    )


def _blitz(scenario: WeatherScenario, builder: TraceBuilder) -> tuple[bool | None, tuple[str, ...]]:
    """Whether the hex can be attacked in the Blitz Combat Segment, and by which attackers (None: not that segment)."""
    weather = scenario.weather
    blitz: bool | None = None
    allowed: tuple[str, ...] = ()
    if scenario.segment is CombatSegment.BLITZ:
        if weather in (Weather.MUD, Weather.STORM):
            blitz = False
            builder.add(
                BAD_WEATHER[weather],
                "a {weather} hex cannot be attacked in the Blitz Combat Segment",
                weather=weather.value,
            )
        elif weather is Weather.SNOW:
            names = []
            for attacker in scenario.attackers:
                why = _blitz_eligible(attacker)
                if why is None:
                    builder.add(
                        "us.11-4",
                        "{unit} may not attack a snow hex in the Blitz Combat Segment: it is none of the units 11.4 "
                        "lists",
                        unit=attacker.id,
                    )
                else:
                    names.append(attacker.id)
                    builder.add(
                        "us.11-4",
                        "{unit} may attack a snow hex in the Blitz Combat Segment: {why}",
                        unit=attacker.id,
                        why=why,
                    )
            allowed = tuple(names)
            blitz = bool(names)
        else:
            blitz = True
            allowed = tuple(attacker.id for attacker in scenario.attackers)
            builder.add("us.8", "clear weather does not stop a Blitz attack")
    return blitz, allowed


CALCULATORS = (
    Calculator(
        name="weather",
        label=N_("Weather"),
        title="Unconditional Surrender!: what mud, storms and snow change in a combat (result, shifts, Blitz)",
        scenario=WeatherScenario,
        evaluate=evaluate_weather,
        games=("unconditional-surrender",),
    ),
)
