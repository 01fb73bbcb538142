"""Vocabulary of the strategic WWII game of Europe (game ``strategic-europe``).

Source: ``000_6a90d5256c60e02c.txt`` (the Hungarian advanced-version rules,
entries ``se.*``). The calculators of :mod:`adjudicator.strategic_europe.economy`,
:mod:`adjudicator.strategic_europe.paratroops` and :mod:`adjudicator.deployment_limits` share
these types: the countries and their historical sides (``se.soviet-german``
names the satellites, ``se.special-rules.scope`` forbids attacking a
historical ally), the seasonal turns the rules are dated by (``1941. Tavaszi
forduló``, ``1941 őszén``, ``téli forduló``, ``1942 tavaszán``) and the unit
types of the basic and advanced versions.

>>> Turn(1941, Season.AUTUMN).is_before(Turn(1942, Season.SPRING))
True
>>> str(Turn(1942, Season.SPRING))
'Spring 1942'
>>> historical_side(Country.HUNGARY) is Side.AXIS
True
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from adjudicator.errors import ScenarioError
from adjudicator.meaning import ALL_GAMES, Choice
from adjudicator.messages import N_, Message, MessageList, message, word_list

__all__ = [
    "FIRST_WAR_YEAR",
    "LAST_WAR_YEAR",
    "SATELLITES",
    "Country",
    "Season",
    "Side",
    "Turn",
    "UnitType",
    "country_choices",
    "country_word",
    "country_words",
    "historical_side",
    "same_side",
    "unit_choices",
    "unit_word",
    "unit_words",
    "unknown_country",
    "unknown_unit_type",
]


class Side(Enum):
    """The two historical alliances."""

    AXIS = "axis"
    ALLIES = "allies"


class Country(Enum):
    """A country of the game; the English name is :attr:`label`.

    The source says ``Anglia`` (England) throughout, and ``brit`` (British) only
    for Malta's garrison; both are :attr:`ENGLAND` here.
    """

    GERMANY = "germany"
    ITALY = "italy"
    ENGLAND = "england"
    FRANCE = "france"
    USSR = "ussr"
    USA = "usa"
    FINLAND = "finland"
    HUNGARY = "hungary"
    ROMANIA = "romania"
    BULGARIA = "bulgaria"
    VICHY_FRANCE = "vichy-france"

    @property
    def label(self) -> str:
        """The country's English name, as used in trace texts (a catalog word, shown translated)."""
        return _LABELS[self]


_LABELS = {
    Country.GERMANY: N_("Germany"),
    Country.ITALY: N_("Italy"),
    Country.ENGLAND: N_("England"),
    Country.FRANCE: N_("France"),
    Country.USSR: N_("the Soviet Union"),
    Country.USA: N_("the USA"),
    Country.FINLAND: N_("Finland"),
    Country.HUNGARY: N_("Hungary"),
    Country.ROMANIA: N_("Romania"),
    Country.BULGARIA: N_("Bulgaria"),
    Country.VICHY_FRANCE: N_("Vichy France"),
}

SATELLITES: tuple[Country, ...] = (Country.FINLAND, Country.HUNGARY, Country.ROMANIA, Country.BULGARIA)
"""Germany's satellite states as ``se.soviet-german`` lists them."""

_SIDES = {
    Country.GERMANY: Side.AXIS,
    Country.ITALY: Side.AXIS,
    Country.FINLAND: Side.AXIS,
    Country.HUNGARY: Side.AXIS,
    Country.ROMANIA: Side.AXIS,
    Country.BULGARIA: Side.AXIS,
    Country.ENGLAND: Side.ALLIES,
    Country.FRANCE: Side.ALLIES,
    Country.USSR: Side.ALLIES,
    Country.USA: Side.ALLIES,
}


def historical_side(country: Country) -> Side | None:
    """The historical alliance of ``country``; ``None`` for Vichy France, a puppet state of neither side.

    >>> historical_side(Country.USSR) is Side.ALLIES
    True
    >>> historical_side(Country.VICHY_FRANCE) is None
    True
    """
    return _SIDES.get(country)


def same_side(first: Country, second: Country) -> bool:
    """Whether two countries are historical allies (``se.special-rules.scope`` forbids attacking one).

    >>> same_side(Country.ENGLAND, Country.USSR), same_side(Country.GERMANY, Country.USSR)
    (True, False)
    """
    side = historical_side(first)
    return side is not None and side is historical_side(second)


class Season(Enum):
    """The season of a turn, in the order of the year.

    The source names spring, autumn and winter turns; summer is listed so that
    any seasonal turn can be written down, and only the order matters here.
    """

    SPRING = "spring"
    SUMMER = "summer"
    AUTUMN = "autumn"
    WINTER = "winter"

    @property
    def position(self) -> int:
        """0 for spring … 3 for winter."""
        return list(Season).index(self)

    @property
    def label(self) -> str:
        """The season's name as a catalog word, capitalised as a turn's name is (``Spring 1941``)."""
        return _SEASON_NAMES[self]


_SEASON_NAMES = {
    Season.SPRING: N_("Spring"),
    Season.SUMMER: N_("Summer"),
    Season.AUTUMN: N_("Autumn"),
    Season.WINTER: N_("Winter"),
}


FIRST_WAR_YEAR = 1939
LAST_WAR_YEAR = 1945


@dataclass(frozen=True)
class Turn:
    """A game turn: a year of the war and a season."""

    year: int
    """The year, 1939 to 1945."""
    season: Season
    """The season of the turn."""

    def __post_init__(self) -> None:
        if isinstance(self.year, int) and not FIRST_WAR_YEAR <= self.year <= LAST_WAR_YEAR:
            raise ScenarioError(
                "year",
                "must be a year of the war, {first} to {last}",
                self.year,
                first=FIRST_WAR_YEAR,
                last=LAST_WAR_YEAR,
            )

    def _key(self) -> tuple[int, int]:
        return (self.year, self.season.position)

    def is_before(self, other: Turn) -> bool:
        """Whether this turn comes earlier in the game than ``other``."""
        return self._key() < other._key()

    def __str__(self) -> str:
        return f"{self.season.value.capitalize()} {self.year}"

    @property
    def shown(self) -> Message:
        """The turn as a template field, its season translated.

        >>> Turn(1941, Season.SPRING).shown.text
        'Spring 1941'
        """
        return message("{season} {year}", season=self.season.label, year=self.year)


class UnitType(Enum):
    """Unit types of the basic version and the new units of the advanced version (``se.new-units``)."""

    INFANTRY = "infantry"
    ARMOUR = "armour"
    AIRCRAFT = "aircraft"
    FLEET = "fleet"
    PARATROOPER = "paratrooper"
    BOMBER = "bomber"
    SUBMARINE = "submarine"
    DESTROYER = "destroyer"

    @property
    def is_air(self) -> bool:
        """Aircraft and bombers are air units."""
        return self in (UnitType.AIRCRAFT, UnitType.BOMBER)

    @property
    def label(self) -> str:
        """The unit type as a catalog word (the same English as its value)."""
        return _UNIT_WORDS[self]


_UNIT_WORDS = {
    UnitType.INFANTRY: N_("infantry"),
    UnitType.ARMOUR: N_("armour"),
    UnitType.AIRCRAFT: N_("aircraft"),
    UnitType.FLEET: N_("fleet"),
    UnitType.PARATROOPER: N_("paratrooper"),
    UnitType.BOMBER: N_("bomber"),
    UnitType.SUBMARINE: N_("submarine"),
    UnitType.DESTROYER: N_("destroyer"),
}


def country_word(country_id: str) -> str:
    """A country id of a scenario as shown in a trace: the country's name when it is one of the game's.

    >>> country_word("ussr"), country_word("atlantis")
    ('the Soviet Union', 'atlantis')
    """
    known = {country.value: country for country in Country}
    return known[country_id].label if country_id in known else country_id


def unit_word(unit_id: str) -> str:
    """A unit type id of a scenario as shown in a trace: its catalog word when it is one of the game's."""
    known = {unit.value: unit for unit in UnitType}
    return known[unit_id].label if unit_id in known else unit_id


def unit_words(*types: UnitType) -> MessageList:
    """The unit types ``types`` (or every one), in the game's order, as a problem lists them: by their words.

    >>> unit_words(UnitType.FLEET, UnitType.AIRCRAFT).items[0].text
    'aircraft'
    """
    return word_list(unit.label for unit in UnitType if not types or unit in types)


def country_words(countries: tuple[Country, ...] = tuple(Country)) -> MessageList:
    """The ``countries`` (default: every one) as a problem lists them: by their names."""
    return word_list(country.label for country in countries)


def unknown_unit_type(path: str, name: str) -> ScenarioError:
    """The problem of a unit type ``name`` the game does not have: it lists the game's unit types.

    >>> print(unknown_unit_type("units.tank", "tank"))  # doctest: +ELLIPSIS
    units.tank: unknown unit type; expected one of: infantry, armour, ..., destroyer (got 'tank')
    """
    return ScenarioError(path, "unknown unit type; expected one of: {choices}", name, choices=unit_words())


def unknown_country(path: str, name: str) -> ScenarioError:
    """The problem of a country ``name`` the game does not have: it lists the game's countries by their names."""
    return ScenarioError(path, "unknown country; expected one of: {choices}", name, choices=country_words())


def unit_choices(*types: UnitType) -> dict[str, tuple[Choice, ...]]:
    """The unit types a form offers for a count per unit type: ``types``, or every one, in the game's order."""
    return {ALL_GAMES: tuple(Choice(unit.value, unit.label) for unit in UnitType if not types or unit in types)}


def country_choices() -> dict[str, tuple[Choice, ...]]:
    """The countries a form offers for a field that names one, by their names."""
    return {ALL_GAMES: tuple(Choice(country.value, country.label) for country in Country)}
